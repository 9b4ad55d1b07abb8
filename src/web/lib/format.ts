/** Notification times: under 1 hour 'Just now', under 24 hours 'Nh ago', otherwise a date. */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const hours = Math.floor((now.getTime() - then.getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  return then.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * Staff dates, the back office's one format: en-US with a 24-hour clock ('Nov 25, 2026, 16:30');
 * `seconds` adds them where the order of close events matters (the security audit log).
 */
export function formatDateTime(date: Date | string, { seconds = false }: { seconds?: boolean } = {}): string {
  return new Date(date).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  });
}

/** Two letters for an avatar: first and last initials, else the first two of the fallback. */
export function initials(firstName: string | null, lastName: string | null, fallback: string): string {
  const fromNames = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`;
  return (fromNames || fallback.slice(0, 2)).toUpperCase();
}

/** A file size in words a person reads: 512 B, 1.5 KB, 23 MB (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
