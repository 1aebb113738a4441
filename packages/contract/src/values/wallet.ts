// The wallet's transaction kinds, without zod: wallet.ts builds its schemas on them and pages read them
// here. Not in client/wallet.ts, which imports wallet.ts for its types: wallet.ts would import it back.

export const WALLET_TRANSACTION_KINDS = ['payment', 'tip', 'fee', 'payout', 'refund', 'adjustment'] as const;
