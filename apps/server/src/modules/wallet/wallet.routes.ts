import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/orders';
import { walletEndpoints } from '@tavolo/contract/wallet';
import { headerOf, type RouteRegistrar } from '../../http/route';
import { listWalletTransactions, requestPayout } from './wallet.service';

export function registerWalletRoutes(route: RouteRegistrar) {
  route(walletEndpoints.listWalletTransactions, (ctx, { query }) => listWalletTransactions(ctx, query));
  route(walletEndpoints.requestPayout, async (ctx, request, reply) => {
    const { value, replayed } = await requestPayout(ctx, {
      payout: request.body,
      idempotencyKey: headerOf(request, IDEMPOTENCY_KEY_HEADER),
    });
    if (replayed) reply.header('idempotent-replayed', 'true');
    return value;
  });
}
