import { t } from './i18n';

/*
 * The contract's schemas and the server word a field's problem in English, as a predicate that
 * follows the field's label ("must be at most 120 characters" → "Name must be at most 120
 * characters.", formatFieldError). English keeps those words; the other languages say a whole
 * sentence of their own, which the field shows as it is (a predicate glued to a label does not
 * translate). Every message the contract can give is translated here or in
 * dashboard-field-messages.ts (field-messages.test.ts reads the contract for them).
 */

/** A message in the person's language, or undefined for one it does not know. */
type Translate = (message: string) => string | undefined;

const more: Translate[] = [];

/**
 * Adds the messages only the dashboard's forms meet (dashboard-field-messages.ts, added by the
 * dashboard's entry): the guest's page, whose first load has a budget, carries the generic ones alone.
 */
export function addFieldMessages(translate: Translate): void {
  if (!more.includes(translate)) more.push(translate);
}

/** What any form may show, the guest's included: a value missing, too long or short, too large or small. */
function translateGenericMessage(message: string): string | undefined {
  switch (message) {
    case 'is required':
      return t('i18n.field.required');
    case 'must be a number':
      return t('i18n.field.number');
    case 'must be a whole number':
      return t('i18n.field.wholeNumber');
    case 'must not be negative':
      return t('i18n.field.notNegative');
  }
  const bound = /^must be at (most|least) (\d+)( characters)?$/.exec(message);
  if (!bound) return undefined;
  const value = Number(bound[2]);
  if (bound[3])
    return bound[1] === 'most'
      ? t('i18n.field.maxLength', { max: value })
      : t('i18n.field.minLength', { min: value });
  return bound[1] === 'most' ? t('i18n.field.max', { max: value }) : t('i18n.field.min', { min: value });
}

/** A field's message in the person's language; one it does not know (already translated) as it is. */
export function translateFieldMessage(message: string): string {
  const generic = translateGenericMessage(message);
  if (generic !== undefined) return generic;
  for (const translate of more) {
    const text = translate(message);
    if (text !== undefined) return text;
  }
  return message;
}
