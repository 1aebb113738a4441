import type { TSettlementAccount } from '@tavolo/contract/wallet';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { formatPriceInput, parsePriceInput } from '../../../lib/price-input';

export type PayoutAmountResult = { ok: true; minor: number } | { ok: false; message: string };

/** The amount field starts at the whole balance, written the way a person types it ("125.40"). */
export function defaultPayoutInput(balanceMinor: number, currency: string): string {
  return formatPriceInput(Math.max(0, balanceMinor), currency);
}

/**
 * Reads the typed amount as minor units: more than zero and no more than the wallet holds. A refusal
 * is a predicate that follows the field's name ("must be more than zero"), as the price reader's are.
 */
export function parsePayoutAmount(text: string, balanceMinor: number, currency: string): PayoutAmountResult {
  const parsed = parsePriceInput(text, currency);
  if (!parsed.ok) return parsed;
  if (parsed.minor < 1) return { ok: false, message: t('settlement.payout.amountNotPositive') };
  if (parsed.minor > balanceMinor) {
    return {
      ok: false,
      message: t('settlement.payout.amountOverBalance', {
        balance: formatMoney(Math.max(0, balanceMinor), currency),
      }),
    };
  }
  return parsed;
}

/** "Bank •••• 1234": how an account is named in questions and messages. */
export function accountLabel(account: Pick<TSettlementAccount, 'bankName' | 'accountNumberMasked'>): string {
  return `${account.bankName} ${account.accountNumberMasked}`;
}

/** The account a payout goes to unless another is picked: the default, else the first. */
export function defaultAccountId(accounts: readonly Pick<TSettlementAccount, 'id' | 'isDefault'>[]): string {
  return (accounts.find((account) => account.isDefault) ?? accounts[0])?.id ?? '';
}
