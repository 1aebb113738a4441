import { ZCreateSettlementAccountRequest } from '@tavolo/contract/wallet';
import type { z } from 'zod';

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
