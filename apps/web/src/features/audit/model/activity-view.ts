import { AUDIT_KINDS } from '@tavolo/contract/values/audit';
import { addDays, isCalendarDate } from '../../../lib/calendar-days';
import { t } from '../../../lib/i18n/i18n';

/*
 * What the activity screen shows, as its URL keeps it: the period (?period=yesterday, or
 * ?period=custom&from=&to=), the kind, the person and the page. Days are the restaurant's.
 */

export type AuditKind = (typeof AUDIT_KINDS)[number];

export const ACTIVITY_PAGE_SIZE = 25;

export const ACTIVITY_PERIODS = ['today', 'yesterday', '7d', 'custom'] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];
export const DEFAULT_ACTIVITY_PERIOD: ActivityPeriod = 'today';

export interface ActivityView {
  period: ActivityPeriod;
  /** A custom period's days ('' when not chosen yet). */
  from: string;
  to: string;
  kind: AuditKind | '';
  /** Who did or approved it ('' is anyone). */
  staffId: string;
  page: number;
}

/** Inclusive days on the restaurant's clock, or why there are none. */
export type ActivityRange = { ok: true; from: string; to: string } | { ok: false; message: string };

const isPeriod = (value: string | null): value is ActivityPeriod =>
  (ACTIVITY_PERIODS as readonly (string | null)[]).includes(value);
const isKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readActivityView(params: URLSearchParams): ActivityView {
  const period = params.get('period');
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isCalendarDate(value) ? value : '';
  };
  const kind = params.get('kind') ?? '';
  const staffId = params.get('staff') ?? '';
  const page = Number(params.get('page'));
  return {
    period: isPeriod(period) ? period : DEFAULT_ACTIVITY_PERIOD,
    from: date('from'),
    to: date('to'),
    kind: isKind(kind) ? kind : '',
    staffId: ID.test(staffId) ? staffId : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The URL after a change. Any change but the page's goes back to page one; "any" and the default
 * period are left out; a custom period starts from the days shown before, ready to change.
 */
export function writeActivityView(
  current: URLSearchParams,
  change: Partial<ActivityView>,
  shown?: { from: string; to: string },
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.page !== undefined && change.page > 1) next.set('page', String(change.page));
  else next.delete('page');
  if (change.period !== undefined) {
    if (change.period === DEFAULT_ACTIVITY_PERIOD) next.delete('period');
    else next.set('period', change.period);
    if (change.period !== 'custom') {
      next.delete('from');
      next.delete('to');
    }
  }
  const custom = (change.period ?? readActivityView(current).period) === 'custom';
  if (custom) {
    for (const key of ['from', 'to'] as const) {
      const value = change[key] ?? current.get(key) ?? (change.period === 'custom' ? shown?.[key] : '') ?? '';
      if (value) next.set(key, value);
      else next.delete(key);
    }
  }
  const set = (key: string, value: string | undefined) => {
    if (value === undefined) return;
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('kind', change.kind);
  set('staff', change.staffId);
  return next;
}

/** The days a view covers, today being `today` on the restaurant's clock. */
export function resolveActivityRange(
  view: Pick<ActivityView, 'period' | 'from' | 'to'>,
  today: string,
): ActivityRange {
  switch (view.period) {
    case 'today':
      return { ok: true, from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { ok: true, from: yesterday, to: yesterday };
    }
    case '7d':
      return { ok: true, from: addDays(today, -6), to: today };
    case 'custom':
      if (!view.from || !view.to) return { ok: false, message: t('audit.period.datesMissing') };
      if (view.from > view.to) return { ok: false, message: t('audit.period.endBeforeStart') };
      return { ok: true, from: view.from, to: view.to };
  }
}

export function periodOptions(): { value: ActivityPeriod; label: string }[] {
  const label = (period: ActivityPeriod) => {
    switch (period) {
      case 'today':
        return t('audit.period.today');
      case 'yesterday':
        return t('audit.period.yesterday');
      case '7d':
        return t('audit.period.last7Days');
      case 'custom':
        return t('audit.period.custom');
    }
  };
  return ACTIVITY_PERIODS.map((period) => ({ value: period, label: label(period) }));
}

/** What happened, in words. */
export function kindLabel(kind: AuditKind): string {
  switch (kind) {
    case 'order.line_changed':
      return t('audit.kind.lineChanged');
    case 'order.line_voided':
      return t('audit.kind.lineVoided');
    case 'order.discounted':
      return t('audit.kind.discounted');
    case 'order.moved':
      return t('audit.kind.orderMoved');
    case 'table.merged':
      return t('audit.kind.tablesMerged');
    case 'table.transferred':
      return t('audit.kind.tableTransferred');
    case 'order.cancelled':
      return t('audit.kind.orderCancelled');
    case 'payment.recorded':
      return t('audit.kind.paymentRecorded');
    case 'payment.refunded':
      return t('audit.kind.paymentRefunded');
    case 'visit.closed':
      return t('audit.kind.billClosed');
    case 'visit.cleared':
      return t('audit.kind.tableCleared');
    case 'day.closed':
      return t('audit.kind.dayClosed');
    case 'device.marked':
      return t('audit.kind.deviceMarked');
    case 'device.forgotten':
      return t('audit.kind.deviceForgotten');
    case 'device.switched':
      return t('audit.kind.deviceSwitched');
    case 'device.switch_refused':
      return t('audit.kind.deviceSwitchRefused');
  }
}

export function kindOptions(): { value: AuditKind | ''; label: string }[] {
  return [
    { value: '', label: t('audit.filters.anyKind') },
    ...AUDIT_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
  ];
}

/**
 * Why, in words: a void's or a discount's reason is one of a few codes, said in the person's
 * language; a cancellation's or a refund's is what staff typed, shown as typed.
 */
export function reasonLabel(kind: AuditKind | null, reason: string | null): string | null {
  if (reason === null) return null;
  if (kind === 'device.switch_refused' && reason === 'wrong_pin') return t('audit.reason.wrongPin');
  if (kind !== null && kind !== 'order.line_voided' && kind !== 'order.discounted') return reason;
  switch (reason) {
    case 'guest_changed_mind':
      return t('audit.reason.guestChangedMind');
    case 'wrong_item':
      return t('audit.reason.wrongItem');
    case 'quality':
      return t('audit.reason.quality');
    case 'complaint':
      return t('audit.reason.complaint');
    case 'regular_guest':
      return t('audit.reason.regularGuest');
    case 'staff_meal':
      return t('audit.reason.staffMeal');
    case 'promotion':
      return t('audit.reason.promotion');
    case 'other':
      return t('audit.reason.other');
    default:
      return reason;
  }
}

/** Someone the log names: a member or the owner by id; a guest or the system (id null) by what they are. */
export type AuditPerson = { id: string | null; name: string };

export function personName(person: AuditPerson): string {
  if (person.id === null && person.name === 'Guest') return t('audit.person.guest');
  if (person.id === null && person.name === 'System') return t('audit.person.system');
  return person.name;
}

/**
 * Who the person filter offers: the restaurant's staff (when the viewer may read them), whoever
 * the entries and the summary name, and the viewer; by name, each once (the staff list's name wins).
 */
export function personOptions(
  sources: { staff?: readonly { id: string; name: string }[]; seen: readonly (AuditPerson | null)[] },
  selected: string,
): { value: string; label: string }[] {
  const names = new Map<string, string>();
  for (const person of sources.seen)
    if (person?.id && !names.has(person.id)) names.set(person.id, person.name);
  for (const member of sources.staff ?? []) names.set(member.id, member.name);
  const people = [...names].map(([value, label]) => ({ value, label }));
  people.sort((a, b) => a.label.localeCompare(b.label));
  // A person chosen before (a shared link) whose name nothing here says.
  if (selected && !names.has(selected))
    people.unshift({ value: selected, label: t('audit.filters.chosenPerson') });
  return [{ value: '', label: t('audit.filters.anyone') }, ...people];
}
