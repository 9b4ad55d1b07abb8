/** Backup times in en-GB (document 2 section 9): 25/11/2026, 16:45:37. */
export const formatBackupTime = (iso: string) => new Date(iso).toLocaleString('en-GB');

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
