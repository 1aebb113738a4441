import { describe, expect, it } from 'vitest';
import { HttpError, RequestError } from '../../../lib/api-client';
import {
  changeRefusalOf,
  describeChangeRefusal,
  isCompletePin,
  parseDiscount,
  pressPinKey,
} from './order-changes';

const refused = (status: number, code: string) => new HttpError(status, { error: { code, message: code } });

describe('changeRefusalOf', () => {
  it('tells the refusals the screen acts on apart', () => {
    expect(changeRefusalOf(refused(403, 'APPROVAL_REQUIRED'))).toBe('approval-required');
    expect(changeRefusalOf(refused(403, 'APPROVAL_REFUSED'))).toBe('approval-refused');
    expect(changeRefusalOf(refused(429, 'RATE_LIMITED'))).toBe('rate-limited');
    expect(changeRefusalOf(refused(409, 'LINE_STARTED'))).toBe('line-started');
    expect(changeRefusalOf(refused(409, 'UNITS_PAID'))).toBe('units-paid');
    expect(changeRefusalOf(refused(403, 'FORBIDDEN'))).toBe('other');
    expect(changeRefusalOf(new RequestError('FETCH_ERROR', 'offline'))).toBe('other');
  });

  it('tells a restaurant where no one who may approve has a PIN from one where someone has', () => {
    const none = new HttpError(403, {
      error: {
        code: 'APPROVAL_REQUIRED',
        message: 'no PIN',
        fields: { approvalPin: 'is required', approvers: 'none has set a PIN' },
      },
    });
    expect(changeRefusalOf(none)).toBe('no-approver');
    expect(describeChangeRefusal(none)).toMatch(/No one who may approve this has set an approval PIN yet/);
    expect(describeChangeRefusal(refused(403, 'APPROVAL_REQUIRED'))).toBe('This needs a manager’s approval.');
  });

  it('says what to do next', () => {
    expect(describeChangeRefusal(refused(409, 'LINE_STARTED'))).toMatch(/Void it instead/);
    expect(describeChangeRefusal(refused(429, 'RATE_LIMITED'))).toMatch(/Wait a few minutes/);
  });
});

describe('the PIN keypad', () => {
  it('takes digits up to six, and Back takes the last away', () => {
    let pin = '';
    for (const key of ['1', '2', '3', '4', '5', '6', '7'] as const) pin = pressPinKey(pin, key);
    expect(pin).toBe('123456');
    expect(pressPinKey(pin, 'back')).toBe('12345');
    expect(pressPinKey('', 'back')).toBe('');
  });

  it('is complete with four to six digits', () => {
    expect(['123', '1234', '123456', '1234567', '12a4'].map(isCompletePin)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('parseDiscount', () => {
  it('reads a whole percentage from 1 to 100', () => {
    expect(parseDiscount('percent', '15', 'EUR')).toEqual({ ok: true, value: { percent: 15 } });
    expect(parseDiscount('percent', '100 %', 'EUR')).toEqual({ ok: true, value: { percent: 100 } });
    for (const typed of ['0', '101', '12.5', ''])
      expect(parseDiscount('percent', typed, 'EUR').ok).toBe(false);
  });

  it('reads an amount in the currency’s minor units', () => {
    expect(parseDiscount('amount', '2,50', 'EUR')).toEqual({ ok: true, value: { amountMinor: 250 } });
    expect(parseDiscount('amount', '300', 'JPY')).toEqual({ ok: true, value: { amountMinor: 300 } });
    expect(parseDiscount('amount', '0', 'EUR').ok).toBe(false);
    expect(parseDiscount('amount', '1.234', 'EUR').ok).toBe(false);
  });
});
