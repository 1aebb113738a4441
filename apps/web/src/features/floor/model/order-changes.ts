import type { TDiscountReason, TVoidReason } from '@tavolo/contract/order-changes';
import { getErrorMessage, HttpError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { parsePriceInput } from '../../../lib/price-input';

/**
 * Changing a placed order at the table: the words of voids and discounts, what each refusal of the
 * server means to the person holding the phone, and the PIN a manager types to approve.
 */

/**
 * Why a change was refused, as far as the screen acts on it: a void or a discount the caller may
 * not give asks for a manager's PIN; a wrong PIN says so; too many wrong ones make them wait; a line
 * the kitchen started must be voided instead of changed; paid units must be refunded first.
 */
export type ChangeRefusal =
  | 'approval-required'
  | 'no-approver'
  | 'approval-refused'
  | 'rate-limited'
  | 'line-started'
  | 'units-paid'
  | 'other';

export function changeRefusalOf(error: unknown): ChangeRefusal {
  if (!(error instanceof HttpError)) return 'other';
  if (error.status === 429) return 'rate-limited';
  switch (error.code) {
    case 'APPROVAL_REQUIRED':
      // No colleague who may approve has set a PIN: no PIN typed here would do.
      return error.apiError?.fields?.approvers ? 'no-approver' : 'approval-required';
    case 'APPROVAL_REFUSED':
      return 'approval-refused';
    case 'LINE_STARTED':
      return 'line-started';
    case 'UNITS_PAID':
      return 'units-paid';
    default:
      return 'other';
  }
}

/** A sentence about a refused change that tells the person what to do next. */
export function describeChangeRefusal(error: unknown): string {
  switch (changeRefusalOf(error)) {
    case 'approval-required':
      return t('floor.refusal.approvalRequired');
    case 'no-approver':
      return t('floor.refusal.noApprover');
    case 'approval-refused':
      return t('floor.refusal.approvalRefused');
    case 'rate-limited':
      return t('floor.refusal.rateLimited');
    case 'line-started':
      return t('floor.refusal.lineStarted');
    case 'units-paid':
      return t('floor.refusal.unitsPaid');
    case 'other':
      return getErrorMessage(error);
  }
}

export function voidReasonLabel(reason: TVoidReason): string {
  switch (reason) {
    case 'guest_changed_mind':
      return t('floor.voidReason.guestChangedMind');
    case 'wrong_item':
      return t('floor.voidReason.wrongItem');
    case 'quality':
      return t('floor.voidReason.quality');
    case 'other':
      return t('floor.voidReason.other');
  }
}

export function discountReasonLabel(reason: TDiscountReason): string {
  switch (reason) {
    case 'complaint':
      return t('floor.discountReason.complaint');
    case 'regular_guest':
      return t('floor.discountReason.regularGuest');
    case 'staff_meal':
      return t('floor.discountReason.staffMeal');
    case 'promotion':
      return t('floor.discountReason.promotion');
    case 'other':
      return t('floor.discountReason.other');
  }
}

// ---- the approval PIN ----------------------------------------------------------------------------

export const PIN_MIN_DIGITS = 4;
export const PIN_MAX_DIGITS = 6;

export type PinKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'back';

/** The PIN after a key of the keypad (or the keyboard): digits up to six, Back takes the last away. */
export function pressPinKey(pin: string, key: PinKey): string {
  if (key === 'back') return pin.slice(0, -1);
  return pin.length >= PIN_MAX_DIGITS ? pin : pin + key;
}

export function isCompletePin(pin: string): boolean {
  return new RegExp(`^\\d{${PIN_MIN_DIGITS},${PIN_MAX_DIGITS}}$`).test(pin);
}

/**
 * A discount as the API takes it: a whole percentage (1–100), or an amount typed as a price ("2.50")
 * in minor units of the currency; a message when the figure is not one.
 */
export function parseDiscount(
  kind: 'percent' | 'amount',
  typed: string,
  currency: string,
): { ok: true; value: { percent: number } | { amountMinor: number } } | { ok: false; message: string } {
  if (kind === 'percent') {
    const text = typed.trim().replace(/\s*%$/, '');
    const percent = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
    if (percent >= 1 && percent <= 100) return { ok: true, value: { percent } };
    return { ok: false, message: t('floor.discount.percentInvalid') };
  }
  const price = parsePriceInput(typed, currency);
  if (!price.ok) return price;
  if (price.minor < 1) return { ok: false, message: t('floor.discount.amountInvalid') };
  return { ok: true, value: { amountMinor: price.minor } };
}
