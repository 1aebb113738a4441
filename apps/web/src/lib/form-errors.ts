import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { getErrorMessage, isHttpError } from './api-client';

/**
 * Puts the server's per-field messages under the matching inputs and returns the sentence
 * for the form's alert. Fields the form does not show end up in that sentence instead.
 * `formFields` lists the form's field names, or maps a server field name ("options.0.choices.1.priceMinor")
 * to the form's ("options.0.choices.1.price"), answering undefined for fields the form does not show.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly FieldPath<T>[] | ((serverField: string) => FieldPath<T> | undefined),
): string {
  const fields = isHttpError(error) ? error.apiError?.fields : undefined;
  if (!fields) return getErrorMessage(error);
  const unmatched: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(fields)) {
    const name =
      typeof formFields === 'function'
        ? formFields(field)
        : formFields.find((candidate) => candidate === field);
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched.push(`${field} ${message}`);
    }
  }
  const summary = getErrorMessage(error);
  return unmatched.length ? `${summary} (${unmatched.join('; ')})` : summary;
}
