/** Backup times in en-GB, day first, 24-hour clock: 25/11/2026, 16:45:37. */
export const formatBackupTime = (iso: string) => new Date(iso).toLocaleString('en-GB');

export { formatBytes } from '#web/lib/format.ts';
