import type { QueryOf } from '@tavolo/contract/endpoint';
import { paymentsEndpoints, type TRefundResult } from '@tavolo/contract/payments';
import {
  settlementAccountsEndpoints,
  type TSettlementAccount,
  type TWalletTransaction,
  walletEndpoints,
} from '@tavolo/contract/wallet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import {
  createAccount,
  creditWallet,
  insertOnlinePayment,
  ledgerOf,
  placeStaffOrder,
} from '../../../test/money';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A restaurant of its own per test, with a settlement account: wallets never share a balance. */
async function restaurantWithAccount(): Promise<{ r: SeededRestaurant; account: TSettlementAccount }> {
  const r = await seedRestaurant(t.app, { dishes: [{ name: 'Feast', priceMinor: 5000 }] });
  const account = await createAccount(t.app, r.owner.token, { accountNumber: 'DE89 3704 0044 0532 0130 00' });
  return { r, account };
}

let keys = 0;
function payout(r: SeededRestaurant, body: Record<string, unknown>, key = `payout-${++keys}`) {
  return injectApi(t.app, walletEndpoints.requestPayout, {
    token: r.owner.token,
    headers: { 'idempotency-key': key },
    body: { kind: 'payout', ...body },
  });
}

const wallet = (r: SeededRestaurant, query: QueryOf<typeof walletEndpoints.listWalletTransactions> = {}) =>
  callApi(t.app, r.owner.token, walletEndpoints.listWalletTransactions, {
    params: { restaurantId: r.owner.restaurantId },
    query,
  });

describe('payouts', () => {
  it('debit the wallet to a live account and show in the list, newest first', async () => {
    const { r, account } = await restaurantWithAccount();
    await creditWallet(t.database.db, r.owner.restaurantId, 1000);
    const response = await payout(r, { amountMinor: 400, settlementAccountId: account.id });
    expect(response.statusCode).toBe(201);
    const tx = response.json<TWalletTransaction>();
    expect(tx).toMatchObject({
      type: 'debit',
      kind: 'payout',
      amountMinor: 400,
      balanceAfterMinor: 600,
      settlementAccountId: account.id,
      description: 'Payout to Banca Uno •••• 3000',
    });
    const page = await wallet(r);
    expect(page).toMatchObject({ balanceMinor: 600, currency: 'EUR', total: 2, page: 1, pageSize: 20 });
    expect(page.items.map((i) => i.kind)).toEqual(['payout', 'payment']);
    expect((await wallet(r, { kind: 'payment' })).items.map((i) => i.amountMinor)).toEqual([1000]);
    expect((await wallet(r, { pageSize: 1, page: 2 })).items.map((i) => i.kind)).toEqual(['payment']);
  });

  it('above the balance answer 409 INSUFFICIENT_FUNDS and write nothing', async () => {
    const { r, account } = await restaurantWithAccount();
    await creditWallet(t.database.db, r.owner.restaurantId, 300);
    const before = await ledgerOf(t.database.db, r.owner.restaurantId);
    const response = await payout(r, { amountMinor: 301, settlementAccountId: account.id });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('INSUFFICIENT_FUNDS');
    expect(await ledgerOf(t.database.db, r.owner.restaurantId)).toEqual(before);
    // An empty wallet too.
    const { r: empty, account: emptyAccount } = await restaurantWithAccount();
    expect((await payout(empty, { amountMinor: 1, settlementAccountId: emptyAccount.id })).statusCode).toBe(
      409,
    );
    expect((await wallet(empty)).balanceMinor).toBe(0);
  });

  it('go only to a live account of the restaurant (else 422), and replay with the same key', async () => {
    const { r, account } = await restaurantWithAccount();
    const { account: theirs } = await restaurantWithAccount();
    await creditWallet(t.database.db, r.owner.restaurantId, 1000);
    const foreign = await payout(r, { amountMinor: 10, settlementAccountId: theirs.id });
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).fields?.settlementAccountId).toBeDefined();

    const first = await payout(r, { amountMinor: 10, settlementAccountId: account.id }, 'same-key');
    const again = await payout(r, { amountMinor: 10, settlementAccountId: account.id }, 'same-key');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await wallet(r)).balanceMinor).toBe(990);

    // Deleting an account that received a payout archives it: no payouts to it any more.
    await callApi(t.app, r.owner.token, settlementAccountsEndpoints.deleteSettlementAccount, {
      params: { id: account.id },
    });
    const archived = await payout(r, { amountMinor: 10, settlementAccountId: account.id });
    expect(archived.statusCode).toBe(422);
  });

  it('only payouts may be requested', async () => {
    const { r, account } = await restaurantWithAccount();
    const credit = await payout(r, { kind: 'payment', amountMinor: 10, settlementAccountId: account.id });
    expect(credit.statusCode).toBe(400);
  });

  // On PostgreSQL (a pool of ten connections) they race for the wallet's row lock. The arithmetic
  // of payouts one after the other is checked below, over any sequence.
  itRaces(
    'ten racing payouts: exactly the affordable ones succeed and the balance never goes below zero',
    async () => {
      const { r, account } = await restaurantWithAccount();
      const db = t.database.db;
      await creditWallet(db, r.owner.restaurantId, 1000);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => payout(r, { amountMinor: 400, settlementAccountId: account.id })),
      );
      const statuses = responses.map((x) => x.statusCode).sort();
      expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of responses.filter((x) => x.statusCode === 409))
        expect(errorOf(refused).code).toBe('INSUFFICIENT_FUNDS');
      const ledger = await ledgerOf(db, r.owner.restaurantId);
      expect(ledger.balanceMinor).toBe(200);
      expect(ledger.sum).toBe(ledger.balanceMinor);
      expect(ledger.entries.map((e) => e.balanceAfterMinor)).toEqual([1000, 600, 200]);
    },
  );
});

describe('the wallet under any sequence of credits, payouts and online refunds', () => {
  type Step =
    | { kind: 'credit'; amountMinor: number }
    | { kind: 'payout'; amountMinor: number }
    | { kind: 'onlineRefund'; paidMinor: number; refundMinor: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('credit' as const), amountMinor: fc.integer({ min: 1, max: 3000 }) }),
    fc.record({ kind: fc.constant('payout' as const), amountMinor: fc.integer({ min: 1, max: 4000 }) }),
    fc
      .record({ paidMinor: fc.integer({ min: 100, max: 5000 }), share: fc.integer({ min: 1, max: 100 }) })
      .map(({ paidMinor, share }) => ({
        kind: 'onlineRefund' as const,
        paidMinor,
        refundMinor: Math.max(1, Math.floor((paidMinor * share) / 100)),
      })),
  );

  it('keeps the balance at the ledger sum, never below zero, with a consistent running balance', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { r, account } = await restaurantWithAccount();
        const restaurantId = r.owner.restaurantId;
        const order = await placeStaffOrder(t.app, r, 10); // 50000 due: room for every online payment
        let expected = 0;
        for (const s of steps) {
          if (s.kind === 'credit') {
            await creditWallet(db, restaurantId, s.amountMinor);
            expected += s.amountMinor;
          } else if (s.kind === 'payout') {
            const response = await payout(r, { amountMinor: s.amountMinor, settlementAccountId: account.id });
            const affordable = s.amountMinor <= expected;
            expect(response.statusCode).toBe(affordable ? 201 : 409);
            if (affordable) expected -= s.amountMinor;
          } else {
            // The online payment credits the wallet (its fee, 1.5 %, is debited beside it).
            const feeMinor = Math.round(s.paidMinor * 0.015);
            const paymentId = await insertOnlinePayment(db, restaurantId, order.id, s.paidMinor, feeMinor);
            expected += s.paidMinor - feeMinor;
            const response = await injectApi(t.app, paymentsEndpoints.refundPayment, {
              token: r.owner.token,
              params: { id: paymentId },
              body: { amountMinor: s.refundMinor },
            });
            const affordable = s.refundMinor <= expected;
            expect(response.statusCode).toBe(affordable ? 201 : 409);
            if (affordable) {
              expected -= s.refundMinor;
              expect(response.json<TRefundResult>().payment.refundedMinor).toBe(s.refundMinor);
            }
          }
          const ledger = await ledgerOf(db, restaurantId);
          expect(ledger.balanceMinor).toBe(expected);
          expect(ledger.balanceMinor).toBeGreaterThanOrEqual(0);
          expect(ledger.sum).toBe(ledger.balanceMinor);
          let running = 0;
          for (const entry of ledger.entries) {
            running += entry.type === 'credit' ? entry.amountMinor : -entry.amountMinor;
            expect(entry.balanceAfterMinor).toBe(running);
            expect(running).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
