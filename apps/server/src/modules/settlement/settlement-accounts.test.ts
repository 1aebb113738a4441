import { authEndpoints } from '@tavolo/contract/auth';
import {
  settlementAccountsEndpoints,
  type TSettlementAccount,
  walletEndpoints,
} from '@tavolo/contract/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import { createAccount, creditWallet } from '../../../test/money';
import { settlementAccounts } from '../../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listOf = async (owner: Owner) =>
  (
    await callApi(t.app, owner.token, settlementAccountsEndpoints.listSettlementAccounts, {
      params: { id: owner.restaurantId },
    })
  ).items;
const defaults = async (owner: Owner) => (await listOf(owner)).filter((a) => a.isDefault).map((a) => a.id);
const update = (owner: Owner, id: string, body: unknown) =>
  injectApi(t.app, settlementAccountsEndpoints.updateSettlementAccount, {
    token: owner.token,
    params: { id },
    body,
  });
const remove = (owner: Owner, id: string) =>
  injectApi(t.app, settlementAccountsEndpoints.deleteSettlementAccount, {
    token: owner.token,
    params: { id },
  });

describe('settlement accounts', () => {
  it('show only the last 4 characters of the number, normalised', async () => {
    const owner = await registerOwner(t.app);
    const account = await createAccount(t.app, owner.token, { accountNumber: 'gb29 nwbk-6016 1331 9268 19' });
    expect(account.accountNumberMasked).toBe('•••• 6819');
    expect(JSON.stringify(await listOf(owner))).not.toContain('NWBK');
    const [row] = await t.database.db
      .select()
      .from(settlementAccounts)
      .where(eq(settlementAccounts.id, account.id));
    expect(row!.accountNumber).toBe('GB29NWBK60161331926819');
    const bad = await injectApi(t.app, settlementAccountsEndpoints.createSettlementAccount, {
      token: owner.token,
      body: { bankName: 'B', accountName: 'A', accountNumber: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.accountNumber).toBeDefined();
  });

  it('keep exactly one default through create, update and delete', async () => {
    const owner = await registerOwner(t.app);
    const first = await createAccount(t.app, owner.token, { isDefault: false, accountNumber: '11111111' });
    expect(first.isDefault).toBe(true); // the first is the default whatever it says
    const second = await createAccount(t.app, owner.token, { accountNumber: '22222222' });
    expect(second.isDefault).toBe(false);
    const third = await createAccount(t.app, owner.token, { accountNumber: '33333333', isDefault: true });
    expect(third.isDefault).toBe(true);
    expect(await defaults(owner)).toEqual([third.id]);
    // The default first, then the newest.
    expect((await listOf(owner)).map((a) => a.id)).toEqual([third.id, second.id, first.id]);

    const made = await update(owner, first.id, { isDefault: true, bankName: 'Renamed' });
    expect(made.statusCode).toBe(200);
    expect(made.json<TSettlementAccount>()).toMatchObject({ isDefault: true, bankName: 'Renamed' });
    expect(await defaults(owner)).toEqual([first.id]);

    const unset = await update(owner, first.id, { isDefault: false });
    expect(unset.statusCode).toBe(422);
    expect(errorOf(unset).fields?.isDefault).toBe('make another account the default instead');
    // false on an account that is not the default changes nothing; other fields still change.
    const renamed = await update(owner, second.id, { isDefault: false, accountName: 'Second' });
    expect(renamed.json<TSettlementAccount>()).toMatchObject({ isDefault: false, accountName: 'Second' });

    // Deleting the default: the newest remaining becomes it.
    expect((await remove(owner, first.id)).statusCode).toBe(204);
    expect(await defaults(owner)).toEqual([third.id]);
    expect((await remove(owner, third.id)).statusCode).toBe(204);
    expect(await defaults(owner)).toEqual([second.id]);
    expect((await remove(owner, second.id)).statusCode).toBe(204);
    expect(await listOf(owner)).toEqual([]);
    // With none left, the next one is the default again.
    expect((await createAccount(t.app, owner.token, { accountNumber: '44444444' })).isDefault).toBe(true);
  });

  it('archive an account that received payouts instead of deleting it', async () => {
    const owner = await registerOwner(t.app);
    const paid = await createAccount(t.app, owner.token, { accountNumber: '55555555' });
    const other = await createAccount(t.app, owner.token, { accountNumber: '66666666' });
    await creditWallet(t.database.db, owner.restaurantId, 500);
    await callApi(t.app, owner.token, walletEndpoints.requestPayout, {
      body: { kind: 'payout', amountMinor: 100, settlementAccountId: paid.id },
    });
    expect((await remove(owner, paid.id)).statusCode).toBe(204);
    const [row] = await t.database.db
      .select()
      .from(settlementAccounts)
      .where(eq(settlementAccounts.id, paid.id));
    expect(row).toMatchObject({ isDefault: false });
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect((await listOf(owner)).map((a) => a.id)).toEqual([other.id]);
    expect(await defaults(owner)).toEqual([other.id]);
    // Gone from every call: 404 like an account that never was.
    expect((await update(owner, paid.id, { bankName: 'X' })).statusCode).toBe(404);
    expect((await remove(owner, paid.id)).statusCode).toBe(404);
  });

  it('answer 404 for another restaurant’s account', async () => {
    const owner = await registerOwner(t.app);
    const stranger = await registerOwner(t.app);
    const theirs = await createAccount(t.app, stranger.token);
    expect((await update(owner, theirs.id, { isDefault: true })).statusCode).toBe(404);
    expect((await remove(owner, theirs.id)).statusCode).toBe(404);
    const list = await injectApi(t.app, settlementAccountsEndpoints.listSettlementAccounts, {
      token: owner.token,
      params: { id: stranger.restaurantId },
    });
    expect(list.statusCode).toBe(404);
    expect(await defaults(stranger)).toEqual([theirs.id]);
  });

  // One after the other, a new default replaces the old (tested above).
  itRaces('make concurrent default changes take turns: each succeeds, one default remains', async () => {
    const owner = await registerOwner(t.app);
    const accounts: TSettlementAccount[] = [];
    for (let i = 0; i < 5; i++)
      accounts.push(await createAccount(t.app, owner.token, { accountNumber: `7777000${i}` }));
    const responses = await Promise.all(accounts.map((a) => update(owner, a.id, { isDefault: true })));
    // Serialised per restaurant, each one succeeds in turn.
    expect(responses.map((x) => x.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await defaults(owner)).toHaveLength(1);
    const created = await Promise.all(
      [1, 2, 3].map((i) =>
        createAccount(t.app, owner.token, { accountNumber: `8888000${i}`, isDefault: true }),
      ),
    );
    expect(created.every((a) => a.isDefault)).toBe(true);
    expect(await defaults(owner)).toHaveLength(1);
  });

  it('show the default as the payout account on /auth/me', async () => {
    const owner = await registerOwner(t.app);
    expect((await callApi(t.app, owner.token, authEndpoints.me)).restaurant.payoutAccount).toBeNull();
    await createAccount(t.app, owner.token, { bankName: 'Banca Due', accountNumber: '1234 5678 9012' });
    const me = await callApi(t.app, owner.token, authEndpoints.me);
    expect(me.restaurant.payoutAccount).toEqual({ bankName: 'Banca Due', accountNumberMasked: '•••• 9012' });
  });
});
