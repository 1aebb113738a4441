import { zodResolver } from '@hookform/resolvers/zod';
import { ZCreateSettlementAccountRequest } from '@tavolo/contract/wallet';
import type { FieldError, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';

/*
 * The add-account form validates with the contract's own schema: the same limits as the server,
 * and the account number normalised the same way (spaces and dashes dropped, upper case).
 */
export const settlementAccountFormSchema = ZCreateSettlementAccountRequest;

export type SettlementAccountFormValues = z.input<typeof settlementAccountFormSchema>;
export type SettlementAccountFormOutput = z.output<typeof settlementAccountFormSchema>;

export const SETTLEMENT_ACCOUNT_FIELDS = ['bankName', 'accountName', 'accountNumber', 'isDefault'] as const;

export function emptySettlementAccountForm(): SettlementAccountFormValues {
  return { bankName: '', accountName: '', accountNumber: '', isDefault: false };
}

/**
 * The contract's refusal of a field (in English, "must be at most 120 characters") as a sentence in
 * the person's language, told by the field and the rule it broke; the limit comes from the
 * contract's own message. A refusal this form does not know stays as the contract says it.
 */
export function accountFieldMessage(field: string, rule: string, message: string): string {
  const limit = Number(/\d+/.exec(message)?.[0]);
  switch (`${field} ${rule}`) {
    case 'bankName too_small':
      return t('settlement.accountForm.bankNameRequired');
    case 'accountName too_small':
      return t('settlement.accountForm.accountNameRequired');
    case 'accountNumber invalid_format':
      return t('settlement.accountForm.accountNumberCharacters');
  }
  if (!Number.isFinite(limit)) return message;
  switch (`${field} ${rule}`) {
    case 'bankName too_big':
      return t('settlement.accountForm.bankNameTooLong', { max: limit });
    case 'accountName too_big':
      return t('settlement.accountForm.accountNameTooLong', { max: limit });
    case 'accountNumber too_small':
      return t('settlement.accountForm.accountNumberTooShort', { min: limit });
    case 'accountNumber too_big':
      return t('settlement.accountForm.accountNumberTooLong', { max: limit });
  }
  return message;
}

/** The contract schema's resolver, its refusals said in the person's language. */
export function settlementAccountResolver(): Resolver<
  SettlementAccountFormValues,
  unknown,
  SettlementAccountFormOutput
> {
  const resolve = zodResolver(settlementAccountFormSchema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors) as [string, FieldError | undefined][]) {
      if (error?.message && error.type) {
        error.message = accountFieldMessage(field, String(error.type), error.message);
      }
    }
    return result;
  };
}
