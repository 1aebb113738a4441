import type { TSettlementAccount, TWalletTransaction } from '@tavolo/contract/wallet';
import { fakeId } from './menu-fixtures';

/** A wallet transaction as the server answers it: an online payment of €25 by default. */
export function fakeWalletTransaction(overrides: Partial<TWalletTransaction> = {}): TWalletTransaction {
  return {
    id: fakeId(),
    type: 'credit',
    kind: 'payment',
    amountMinor: 2_500,
    balanceAfterMinor: 2_500,
    reference: null,
    description: 'Order #12 paid online',
    paymentId: null,
    settlementAccountId: null,
    createdAt: '2025-03-14T18:30:00.000Z',
    ...overrides,
  };
}

export function fakeSettlementAccount(overrides: Partial<TSettlementAccount> = {}): TSettlementAccount {
  return {
    id: fakeId(),
    bankName: 'Intesa Sanpaolo',
    accountName: 'Trattoria Giulia srl',
    accountNumberMasked: '•••• 1234',
    isDefault: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
