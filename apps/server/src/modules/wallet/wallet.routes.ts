import { walletEndpoints } from '@tavolo/contract/wallet';
import type { RouteRegistrar } from '../../http/route';
import { listWalletTransactions, requestPayout } from './wallet.service';

export function registerWalletRoutes(route: RouteRegistrar) {
  route(walletEndpoints.listWalletTransactions, (ctx, { query }) => listWalletTransactions(ctx, query));
  route(walletEndpoints.requestPayout, (ctx, { body }) => requestPayout(ctx, { payout: body }));
}
