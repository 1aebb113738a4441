import { t } from '../../lib/i18n/i18n';

/**
 * The contract's commonest field messages (its schemas and the server's answers are in English), in
 * the person's language. English keeps them as predicates; the other languages say them as
 * sentences of their own, which are then shown as they are. The rest come as they are.
 */
function translateContractMessage(message: string): string {
  if (message === 'is required') return t('ui.field.required');
  if (message === 'is already used') return t('ui.field.taken');
  if (message === 'must be an e-mail address') return t('ui.field.email');
  const length = /^must be at (most|least) (\d+) characters$/.exec(message);
  if (length?.[1] === 'most') return t('ui.field.maxLength', { max: Number(length[2]) });
  if (length?.[1] === 'least') return t('ui.field.minLength', { min: Number(length[2]) });
  return message;
}

/**
 * Field messages from the contract are predicates ("must be at least 8 characters") meant to
 * follow the field's name; anything already a sentence is shown as it is.
 */
export function formatFieldError(label: string, message: string): string {
  const text = translateContractMessage(message);
  const first = text.charAt(0);
  if (!first || first !== first.toLowerCase() || first === first.toUpperCase()) return text;
  return /[.!?]$/.test(text) ? `${label} ${text}` : `${label} ${text}.`;
}
