import { t } from '../../../lib/i18n/i18n';

/*
 * The contract's schemas and the server word a field's problem in English, as a predicate that
 * follows the field's label ("must be at most 120 characters" → "Name must be at most 120
 * characters."). English keeps those words; the other languages say a whole sentence of their own,
 * which the field shows as it is (a predicate glued to a label does not translate).
 */

/** A field's message in the person's language; one it does not know (already translated) as it is. */
export function fieldMessage(message: string | undefined): string | undefined {
  switch (message) {
    case undefined:
      return undefined;
    case 'is required':
      return t('settings.field.required');
    case 'must be an e-mail address':
      return t('settings.field.email');
    case 'must be a URL':
      return t('settings.field.url');
    case 'must be an ISO 4217 currency code':
      return t('settings.field.currency');
    case 'must be an IANA time zone':
      return t('settings.field.timezone');
    case 'must be at most 100':
      return t('settings.profile.serviceChargeMax');
    case 'is not your current password':
      return t('settings.password.notCurrent');
  }
  const length = /^must be at (least|most) (\d+) characters$/.exec(message);
  if (length)
    return length[1] === 'least'
      ? t('settings.field.minLength', { count: Number(length[2]) })
      : t('settings.field.maxLength', { count: Number(length[2]) });
  // zod's own words, where a schema gives none (an e-mail's length).
  const tooLong = /^Too big: expected string to have <=(\d+) characters$/.exec(message);
  if (tooLong) return t('settings.field.tooLong', { count: Number(tooLong[1]) });
  return message;
}
