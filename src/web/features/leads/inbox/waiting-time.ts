/** How long a customer has waited: 'under a minute', '5 min', '3 h', '2 d' (the inbox's column, ADR 065). */
export function waitingTime(since: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** Waiting a day or more is overdue for an answer: the row says so in colour. */
export const waitedTooLong = (since: string, now: Date) => now.getTime() - new Date(since).getTime() >= 86_400_000;
