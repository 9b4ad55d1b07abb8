import { toast } from '#web/hooks/use-toast.ts';
import { isUnauthorized } from './api-client.ts';

/** Success toasts ('Lead starred', 'Notes saved successfully'...). */
export const toastSuccess = (description: string) => toast({ title: 'Success', description });

/**
 * The destructive 'Error' toast: '{prefix}: {status}: {server message}', or the prefix alone for
 * the messages that take none ('Failed to update lead'). A 401 shows nothing here: the
 * session-loss toast and redirect take over.
 */
export function toastFailure(prefix: string, err: unknown, withMessage = true): void {
  if (isUnauthorized(err)) return;
  const message = err instanceof Error ? err.message : String(err);
  toast({ title: 'Error', description: withMessage ? `${prefix}: ${message}` : prefix, variant: 'destructive' });
}
