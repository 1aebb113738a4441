import { z } from 'zod';
import { textPattern, ZId, ZIdParams, ZRestaurantParams } from './common';
import { access, endpoint } from './endpoint';
import { WALLET_TRANSACTION_KINDS } from './values/wallet';

export { WALLET_TRANSACTION_KINDS };

/**
 * The restaurant's wallet: a ledger that online payments credit (less the provider's fee) and
 * payouts to a settlement account debit. The balance is the ledger's sum and never below zero.
 */

export const ZWalletTransactionKind = z.enum(WALLET_TRANSACTION_KINDS);
export type TWalletTransactionKind = z.infer<typeof ZWalletTransactionKind>;

export const ZWalletTransaction = z.object({
  id: ZId,
  type: z.enum(['credit', 'debit']),
  kind: ZWalletTransactionKind,
  /** Always above zero; `type` says which way it moved. */
  amountMinor: z.number().int(),
  /** The balance right after this transaction: a running balance. */
  balanceAfterMinor: z.number().int(),
  reference: z.string().nullable(),
  description: z.string(),
  paymentId: ZId.nullable(),
  settlementAccountId: ZId.nullable(),
  createdAt: z.iso.datetime(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const ZWalletQuery = z.object({
  kind: ZWalletTransactionKind.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TWalletQuery = z.infer<typeof ZWalletQuery>;

export const ZWalletPage = z.object({
  balanceMinor: z.number().int(),
  currency: z.string(),
  items: z.array(ZWalletTransaction),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TWalletPage = z.infer<typeof ZWalletPage>;

const ZAmountMinor = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number of minor units' })
  .min(1, { message: 'must be at least 1' });

/** Clients create payouts only: credits come from payments, never from a request. */
export const ZPayoutRequest = z
  .object({
    kind: z.literal('payout', { message: 'must be "payout": only payouts are requested' }),
    amountMinor: ZAmountMinor,
    settlementAccountId: ZId,
  })
  .strict();
export type TPayoutRequest = z.infer<typeof ZPayoutRequest>;

// ---- settlement accounts ------------------------------------------------------------------------

export const ZSettlementAccount = z.object({
  id: ZId,
  bankName: z.string(),
  accountName: z.string(),
  /** All but the last 4 characters hidden: "•••• 6789". */
  accountNumberMasked: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TSettlementAccount = z.infer<typeof ZSettlementAccount>;

export const ZSettlementAccountList = z.object({ items: z.array(ZSettlementAccount) });
export type TSettlementAccountList = z.infer<typeof ZSettlementAccountList>;

const ZAccountText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` })
    .meta({ pattern: textPattern(1) });

/** An account number or IBAN: letters and digits, spaces and dashes ignored, 4 to 34 of them. */
export const ZAccountNumber = z
  .string()
  // What the pipe below checks, for the API document.
  .meta({
    pattern: '^[\\s-]*([A-Za-z0-9][\\s-]*){4,34}$',
    description: 'An account number or IBAN: 4 to 34 letters and digits; spaces and dashes are ignored',
    examples: ['IT60 X054 2811 1010 0000 0123 456'],
  })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(4, { message: 'must have at least 4 letters or digits' })
      .max(34, { message: 'must have at most 34 letters or digits' })
      .regex(/^[A-Z0-9]+$/, { message: 'must be letters and digits' }),
  );

export const ZCreateSettlementAccountRequest = z
  .object({
    bankName: ZAccountText(120),
    accountName: ZAccountText(120),
    accountNumber: ZAccountNumber,
    /** The first account is the default whatever this says. */
    isDefault: z.boolean().optional(),
  })
  .strict();
export type TCreateSettlementAccountRequest = z.input<typeof ZCreateSettlementAccountRequest>;

/** `isDefault: true` makes it the default (the previous one stops being it); false is refused. */
export const ZUpdateSettlementAccountRequest = ZCreateSettlementAccountRequest.partial().strict();
export type TUpdateSettlementAccountRequest = z.input<typeof ZUpdateSettlementAccountRequest>;

/** The default account, as the company information shows it. */
export const ZPayoutAccountSummary = z.object({ bankName: z.string(), accountNumberMasked: z.string() });
export type TPayoutAccountSummary = z.infer<typeof ZPayoutAccountSummary>;

export const walletEndpoints = {
  listWalletTransactions: endpoint({
    method: 'GET',
    path: '/api/wallet-transactions/:restaurantId',
    restaurantParam: 'restaurantId',
    tag: 'wallet',
    summary: 'The wallet balance and its transactions, newest first',
    access: access.permission('wallet.view'),
    params: ZRestaurantParams,
    query: ZWalletQuery,
    response: ZWalletPage,
  }),
  requestPayout: endpoint({
    method: 'POST',
    path: '/api/wallet-transactions',
    tag: 'wallet',
    summary: 'Pay out from the wallet to a settlement account',
    description:
      'Only payouts are accepted. Above the balance answers 409 INSUFFICIENT_FUNDS, also when payouts race. Send an Idempotency-Key header to make retries safe.',
    access: access.permission('wallet.withdraw'),
    body: ZPayoutRequest,
    status: 201,
    response: ZWalletTransaction,
    idempotent: true,
    errors: [409, 422],
  }),
};

export const settlementAccountsEndpoints = {
  listSettlementAccounts: endpoint({
    method: 'GET',
    path: '/api/settlement-accounts/:id',
    restaurantParam: 'id',
    tag: 'settlement',
    summary: "The restaurant's settlement accounts (numbers masked), the default first",
    access: access.permission('settlement.manage', 'wallet.withdraw'),
    params: ZIdParams,
    response: ZSettlementAccountList,
  }),
  createSettlementAccount: endpoint({
    method: 'POST',
    path: '/api/settlement-accounts',
    tag: 'settlement',
    summary: 'Add a settlement account',
    access: access.permission('settlement.manage'),
    body: ZCreateSettlementAccountRequest,
    status: 201,
    response: ZSettlementAccount,
    errors: [409],
  }),
  updateSettlementAccount: endpoint({
    method: 'PUT',
    path: '/api/settlement-accounts/:id',
    tag: 'settlement',
    summary: 'Change a settlement account, or make it the default',
    access: access.permission('settlement.manage'),
    params: ZIdParams,
    body: ZUpdateSettlementAccountRequest,
    response: ZSettlementAccount,
    errors: [409, 422],
  }),
  deleteSettlementAccount: endpoint({
    method: 'DELETE',
    path: '/api/settlement-accounts/:id',
    tag: 'settlement',
    summary: 'Remove a settlement account',
    description:
      'An account that received payouts is archived (kept for the ledger, gone from lists). When the default goes, the newest remaining account becomes the default.',
    access: access.permission('settlement.manage'),
    params: ZIdParams,
    status: 204,
  }),
};
