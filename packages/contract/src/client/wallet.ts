import { routesOf } from '../endpoint';
import type { settlementAccountsEndpoints, walletEndpoints } from '../wallet';

/** The wallet endpoints' routes without their schemas (see `Route`). */

export const walletRoutes = routesOf<typeof walletEndpoints>({
  listWalletTransactions: 'GET /api/wallet-transactions/:restaurantId',
  requestPayout: 'POST /api/wallet-transactions',
});

export const settlementAccountsRoutes = routesOf<typeof settlementAccountsEndpoints>({
  listSettlementAccounts: 'GET /api/settlement-accounts/:id',
  createSettlementAccount: 'POST /api/settlement-accounts',
  updateSettlementAccount: 'PUT /api/settlement-accounts/:id',
  deleteSettlementAccount: 'DELETE /api/settlement-accounts/:id',
});
