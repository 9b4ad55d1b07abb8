import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * The server's message per field (ErrorBody.fields: a 400 VALIDATION answer, or an AppError that
 * names fields), keyed by the field's path ('email', 'imageUrls.2'); undefined when there are none.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || !error.fields) return undefined;
  return Object.keys(error.fields).length > 0 ? error.fields : undefined;
}

/**
 * Puts the server's field errors on a react-hook-form form (`form.setError`, type 'server').
 * Only fields the form has are set: those in `fields` when given (the ones on screen), else the
 * form's own values; a nested path counts by its first segment. Returns whether any was set, so
 * the caller can fall back to a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  fields?: readonly string[],
): boolean {
  const messages = serverFieldErrors(error);
  if (!messages) return false;
  const known = new Set<string>(fields ?? Object.keys(form.getValues()));
  let applied = false;
  for (const [name, message] of Object.entries(messages)) {
    if (!known.has(name) && !known.has(name.split('.')[0]!)) continue;
    form.setError(name as Path<T>, { type: 'server', message });
    applied = true;
  }
  return applied;
}
