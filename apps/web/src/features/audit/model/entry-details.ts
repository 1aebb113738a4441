import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { AuditKind } from './activity-view';

/*
 * What else an entry carries (its `details`), in a few words. The log keeps details as written at
 * the time, so each is read defensively: a key that is missing or of another type says nothing.
 */

type Details = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** A payment method in words. */
export function methodLabel(method: unknown): string | null {
  switch (method) {
    case 'cash':
      return t('audit.method.cash');
    case 'card':
      return t('audit.method.card');
    case 'transfer':
      return t('audit.method.transfer');
    case 'online':
      return t('audit.method.online');
    default:
      return null;
  }
}

/** The entry's details as short phrases ("Card", "2 orders", "€4.00 left unpaid"). */
export function describeDetails(kind: AuditKind, details: Details, currency: string): string[] {
  const phrases: string[] = [];
  const add = (phrase: string | null) => {
    if (phrase) phrases.push(phrase);
  };
  const item = text(details.itemName) ?? text(details.name);
  const quantity = count(details.quantity);
  if (item) add(quantity !== null ? t('audit.details.quantityOf', { quantity, item }) : item);
  else if (quantity !== null && kind === 'order.line_voided')
    add(t('audit.details.units', { count: quantity }));
  const from = count(details.fromTableNumber);
  const to = count(details.toTableNumber);
  if (from !== null && to !== null) add(t('audit.details.tables', { from, to }));
  add(methodLabel(details.method));
  if (Array.isArray(details.orders) && details.orders.length > 1)
    add(t('audit.details.orders', { count: details.orders.length }));
  const tip = count(details.tipMinor);
  if (tip !== null && tip > 0) add(t('audit.details.tip', { amount: formatMoney(tip, currency) }));
  const unpaid = count(details.unpaidMinor);
  if (kind === 'visit.closed' && unpaid !== null && unpaid > 0)
    add(t('audit.details.unpaid', { amount: formatMoney(unpaid, currency) }));
  // A shared device's entries say which device.
  const device = text(details.deviceName);
  if (device) add(t('audit.details.device', { device }));
  const note = text(details.note);
  if (note) add(t('audit.details.note', { note }));
  return phrases;
}
