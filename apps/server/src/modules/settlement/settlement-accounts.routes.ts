import { settlementAccountsEndpoints } from '@tavolo/contract/wallet';
import type { RouteRegistrar } from '../../http/route';
import {
  changeSettlementAccount,
  createSettlementAccount,
  listSettlementAccounts,
  removeSettlementAccount,
} from './settlement-accounts.service';

export function registerSettlementAccountsRoutes(route: RouteRegistrar) {
  route(settlementAccountsEndpoints.listSettlementAccounts, (ctx) => listSettlementAccounts(ctx));
  route(settlementAccountsEndpoints.createSettlementAccount, (ctx, { body }) =>
    createSettlementAccount(ctx, body),
  );
  route(settlementAccountsEndpoints.updateSettlementAccount, (ctx, { params, body }) =>
    changeSettlementAccount(ctx, { id: params.id, changes: body }),
  );
  route(settlementAccountsEndpoints.deleteSettlementAccount, (ctx, { params }) =>
    removeSettlementAccount(ctx, params),
  );
}
