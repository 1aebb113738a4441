import { translateFieldMessage } from '../../lib/i18n/field-messages';

/**
 * Field messages from the contract are predicates ("must be at least 8 characters") meant to
 * follow the field's name; in another language, and anything already a sentence, they are shown
 * as they are.
 */
export function formatFieldError(label: string, message: string): string {
  const text = translateFieldMessage(message);
  const first = text.charAt(0);
  if (!first || first !== first.toLowerCase() || first === first.toUpperCase()) return text;
  return /[.!?]$/.test(text) ? `${label} ${text}` : `${label} ${text}.`;
}
