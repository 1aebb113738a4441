/**
 * Field messages from the contract are predicates ("must be at least 8 characters") meant to
 * follow the field's name; anything already a sentence is shown as it is.
 */
export function formatFieldError(label: string, message: string): string {
  const first = message.charAt(0);
  if (!first || first !== first.toLowerCase() || first === first.toUpperCase()) return message;
  return /[.!?]$/.test(message) ? `${label} ${message}` : `${label} ${message}.`;
}
