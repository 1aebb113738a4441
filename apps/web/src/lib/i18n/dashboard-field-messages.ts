import { t } from './i18n';

/*
 * Every field message the contract and the server give beside the generic ones of
 * field-messages.ts: the dashboard's forms show them (the guest's forms show only the generic
 * ones), so the dashboard's entry adds them (addFieldMessages) and the guest's page does not carry them.
 */

/** Messages with a number or a list in them, as the contract's templates write them. */
const PATTERNS: readonly (readonly [RegExp, (value: string) => string])[] = [
  [/^must have at most (\d+) lines$/, (max) => t('i18n.dashboardField.maxLines', { max: Number(max) })],
  [/^must have at most (\d+) entries$/, (max) => t('i18n.dashboardField.maxEntries', { max: Number(max) })],
  [
    /^must have at least (\d+) letters or digits$/,
    (min) => t('i18n.dashboardField.minLettersOrDigits', { min: Number(min) }),
  ],
  [
    /^must have at most (\d+) letters or digits$/,
    (max) => t('i18n.dashboardField.maxLettersOrDigits', { max: Number(max) }),
  ],
  [/^must be (\d+) or later$/, (year) => t('i18n.dashboardField.yearFrom', { year })],
  [/^must be (\d+) or earlier$/, (year) => t('i18n.dashboardField.yearUntil', { year })],
  [/^must be one of (.+)$/, (list) => t('i18n.dashboardField.oneOf', { list })],
  // zod's own words, where a schema gives none (an e-mail's length).
  [
    /^Too big: expected string to have <=(\d+) characters$/,
    (max) => t('i18n.dashboardField.tooLong', { max: Number(max) }),
  ],
];

/** A dashboard field's message in the person's language, or undefined for one it does not know. */
export function translateDashboardFieldMessage(message: string): string | undefined {
  switch (message) {
    case 'must be an e-mail address':
      return t('i18n.dashboardField.email');
    case 'must be a URL':
      return t('i18n.dashboardField.url');
    case 'must be an ISO 4217 currency code':
      return t('i18n.dashboardField.currency');
    case 'must be an IANA time zone':
      return t('i18n.dashboardField.timezone');
    case 'must be a whole number of minor units':
      return t('i18n.dashboardField.minorUnits');
    case 'must be a whole number of minor units (e.g. cents)':
      return t('i18n.dashboardField.minorUnitsCents');
    case 'must be a whole number of stars':
      return t('i18n.dashboardField.stars');
    case 'must have at most two decimals':
      return t('i18n.dashboardField.twoDecimals');
    case 'must be a valid id':
      return t('i18n.dashboardField.id');
    case 'must be a year':
      return t('i18n.dashboardField.year');
    case 'must be a table number':
      return t('i18n.dashboardField.tableNumber');
    case 'is not a table code':
      return t('i18n.dashboardField.tableCode');
    case 'must be 0 (Sunday) to 6 (Saturday)':
      return t('i18n.dashboardField.weekday');
    case 'must be cash, card or transfer':
      return t('i18n.dashboardField.paymentMethod');
    case 'must be cash or card':
      return t('i18n.dashboardField.cashOrCard');
    case 'must be today, week, month or year':
      return t('i18n.dashboardField.period');
    case 'must be a provider name':
      return t('i18n.dashboardField.providerName');
    case 'must be letters and digits':
      return t('i18n.dashboardField.lettersAndDigits');
    case 'must be a date (YYYY-MM-DD, in the restaurant time zone) or an ISO date-time':
      return t('i18n.dashboardField.dateOrDateTime');
    // The day's close: a business day, and the cash counted.
    case 'must be a date (YYYY-MM-DD)':
      return t('i18n.dashboardField.date');
    case 'must be whole minor units':
      return t('i18n.dashboardField.wholeMinorUnits');
    case 'is too large':
      return t('i18n.dashboardField.tooLarge');
    case 'must be "acknowledged"':
      return t('i18n.dashboardField.acknowledged');
    case 'must be "payout": only payouts are requested':
      return t('i18n.dashboardField.payout');
    case 'write a message':
      return t('i18n.dashboardField.writeMessage');
    case 'must be 4 to 6 digits':
      return t('i18n.dashboardField.pinDigits');
    case 'send either percent or amountMinor':
      return t('i18n.dashboardField.percentOrAmount');
    case 'choose at least one item':
      return t('i18n.dashboardField.chooseItem');
    case 'must have at least one item':
      return t('i18n.dashboardField.oneItem');
    case 'needs at least one choice':
      return t('i18n.dashboardField.oneChoice');
    case 'needs at least one language':
      return t('i18n.dashboardField.oneLanguage');
    case 'must not repeat a language':
      return t('i18n.dashboardField.repeatedLanguage');
    case 'must not repeat an id':
      return t('i18n.dashboardField.repeatedId');
    case 'must not repeat a group name':
      return t('i18n.dashboardField.repeatedGroup');
    case 'must not repeat a choice name':
      return t('i18n.dashboardField.repeatedChoice');
    case 'must not exceed max':
      return t('i18n.dashboardField.minAboveMax');
    case 'must not exceed the number of choices':
      return t('i18n.dashboardField.maxAboveChoices');
    case 'must be at least 1 for a required group':
      return t('i18n.dashboardField.requiredGroupMin');
    case 'must be 0 for an optional group':
      return t('i18n.dashboardField.optionalGroupMin');
    case 'send either qrToken (guest) or tableId (staff)':
      return t('i18n.dashboardField.codeOrTable');
    case 'send restaurantId and tableNumber, or qrToken':
      return t('i18n.dashboardField.tableOrCode');
    case 'must be a host name or an IP address':
      return t('i18n.dashboardField.hostName');
    case 'must name at least one line':
      return t('i18n.dashboardField.oneLine');
    case 'must be a time of day (HH:MM)':
      return t('i18n.dashboardField.timeOfDay');
    case 'must be a whole number of basis points':
      return t('i18n.dashboardField.basisPoints');
    case 'must be at most 10000 (100 %)':
      return t('i18n.dashboardField.rateMax');
    // The server's, on a field the contract cannot judge alone.
    case 'is already used':
      return t('i18n.dashboardField.taken');
    case 'is already registered':
      return t('i18n.dashboardField.alreadyRegistered');
    case 'is already used by a staff member':
      return t('i18n.dashboardField.staffEmailTaken');
    case 'is not your current password':
      return t('i18n.dashboardField.notCurrentPassword');
  }
  for (const [pattern, translate] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(match[1]!);
  }
  return undefined;
}
