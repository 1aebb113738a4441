import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { getErrorMessage, isHttpError } from './api-client';

/**
 * Puts the server's per-field messages under the matching inputs and returns the sentence
 * for the form's alert. Fields the form does not show end up in that sentence instead.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly FieldPath<T>[],
): string {
  const fields = isHttpError(error) ? error.apiError?.fields : undefined;
  if (!fields) return getErrorMessage(error);
  const unmatched: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(fields)) {
    const name = formFields.find((candidate) => candidate === field);
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
