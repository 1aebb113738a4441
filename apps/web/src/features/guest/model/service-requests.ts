import type { TServiceRequest, TServiceRequestKind } from '@tavolo/contract/table-service';
import { SERVICE_REQUEST_MESSAGE_MAX } from '@tavolo/contract/values/table-service';
import { t } from '../../../lib/i18n/i18n';

/*
 * The guest's calls to staff: which one to show, and in what words. Every phone at the table sees
 * the table's requests (the code is the credential), so "your call" is the table's latest one.
 */

export { SERVICE_REQUEST_MESSAGE_MAX };

/** The list with `request` in it: replaced when known (an update), added otherwise. */
export function mergeServiceRequest(
  list: readonly TServiceRequest[],
  request: TServiceRequest,
): TServiceRequest[] {
  const known = list.some((item) => item.id === request.id);
  return known ? list.map((item) => (item.id === request.id ? request : item)) : [...list, request];
}

/** The table's most recent request, or null. */
export function latestServiceRequest(list: readonly TServiceRequest[]): TServiceRequest | null {
  let latest: TServiceRequest | null = null;
  for (const item of list) {
    if (!latest || Date.parse(item.createdAt) >= Date.parse(latest.createdAt)) latest = item;
  }
  return latest;
}

/** What the button for each kind of call says. */
export function serviceRequestLabel(kind: TServiceRequestKind): string {
  switch (kind) {
    case 'waiter':
      return t('guest.service.callWaiter');
    case 'bill':
      return t('guest.service.askBill');
    case 'message':
      return t('guest.service.writeMessage');
  }
}

function subjectOf(kind: TServiceRequestKind): string {
  switch (kind) {
    case 'waiter':
      return t('guest.service.calledWaiter');
    case 'bill':
      return t('guest.service.askedBill');
    case 'message':
      return t('guest.service.sentMessage');
  }
}

export interface ServiceRequestView {
  state: 'sent' | 'on-the-way';
  /** What was asked ("You called a waiter"). */
  subject: string;
  /** Where it is: "Sent — staff have been told", or "On the way". */
  status: string;
}

/** A request in the guest's words. */
export function describeServiceRequest(request: TServiceRequest): ServiceRequestView {
  const acknowledged = request.status === 'acknowledged';
  return {
    state: acknowledged ? 'on-the-way' : 'sent',
    subject: subjectOf(request.kind),
    status: acknowledged
      ? request.acknowledgedBy
        ? t('guest.service.onTheWayBy', { name: request.acknowledgedBy })
        : t('guest.service.onTheWay')
      : t('guest.service.sent'),
  };
}

/** How long a request still matters to the guest: open ones always, acknowledged ones a while. */
export const ACKNOWLEDGED_SHOWN_MS = 10 * 60_000;

/** The request to show on the page now, or null when there is nothing current. */
export function currentServiceRequest(
  list: readonly TServiceRequest[],
  now: number = Date.now(),
): TServiceRequest | null {
  const latest = latestServiceRequest(list);
  if (!latest) return null;
  if (latest.status === 'open') return latest;
  const at = Date.parse(latest.acknowledgedAt ?? latest.createdAt);
  return now - at <= ACKNOWLEDGED_SHOWN_MS ? latest : null;
}

/** "12 / 200" under the message box. */
export function messageCounter(message: string): string {
  return `${message.length} / ${SERVICE_REQUEST_MESSAGE_MAX}`;
}
