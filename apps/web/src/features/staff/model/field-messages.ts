import { t } from '../../../lib/i18n/i18n';

/*
 * The contract's schemas and the server word a field's problem in English, as a predicate that
 * follows the field's label ("must be at most 60 characters" → "Role name must be at most 60
 * characters."). English keeps those words; the other languages say a whole sentence of their own,
 * which the field shows as it is (a predicate glued to a label does not translate).
 */

/** A field's message in the person's language; one it does not know (already translated) as it is. */
export function fieldMessage(message: string | undefined): string | undefined {
  switch (message) {
    case undefined:
      return undefined;
    case 'is required':
      return t('staff.field.required');
    case 'must be an e-mail address':
      return t('staff.field.email');
    case 'is already used':
      return t('staff.field.nameTaken');
    case 'is already used by a staff member':
      return t('staff.field.emailUsed');
  }
  const length = /^must be at (least|most) (\d+) characters$/.exec(message);
  if (length)
    return length[1] === 'least'
      ? t('staff.field.minLength', { count: Number(length[2]) })
      : t('staff.field.maxLength', { count: Number(length[2]) });
  // zod's own words, where the contract gives none (an e-mail's length).
  const tooLong = /^Too big: expected string to have <=(\d+) characters$/.exec(message);
  if (tooLong) return t('staff.field.tooLong', { count: Number(tooLong[1]) });
  return message;
}
