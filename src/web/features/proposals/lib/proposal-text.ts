import { formatDateTime } from '#web/lib/format.ts';

/** 'Viewed 3 times, last Nov 21, 2026, 10:15' on the proposal card; staff views are not counted. */
export function viewsText(count: number, lastViewedAt: string | null): string {
  if (count === 0 || !lastViewedAt) return 'Not viewed by the customer yet';
  return `Viewed ${count} ${count === 1 ? 'time' : 'times'}, last ${formatDateTime(lastViewedAt)}`;
}

/** Shown in turn while a listing is read; each stays 3 seconds. */
export const LOADING_MESSAGES = [
  'Opening the listing...',
  'Reading the vehicle data...',
  'Collecting the photos...',
  'Working out the import costs...',
  'Almost there...',
] as const;
export const LOADING_MESSAGE_MS = 3000;

/** The message to show after `elapsedMs`: they rotate, starting over after the last. */
export function loadingMessageAt(elapsedMs: number): string {
  return LOADING_MESSAGES[Math.floor(elapsedMs / LOADING_MESSAGE_MS) % LOADING_MESSAGES.length]!;
}
