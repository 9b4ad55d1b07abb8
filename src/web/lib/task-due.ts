import { formatDateTime } from './format.ts';

/** An open task whose due time has passed (shown in red, ADR 066). */
export const isOverdue = (dueAt: string, now: Date) => new Date(dueAt).getTime() <= now.getTime();

/** 'Today 10:00', 'Tomorrow 10:00', or the back office's date format. */
export function dueLabel(dueAt: string, now: Date): string {
  const due = new Date(dueAt);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(due) - day(now)) / 86_400_000);
  const time = due.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (diff === 0) return `Today ${time}`;
  if (diff === 1) return `Tomorrow ${time}`;
  if (diff === -1) return `Yesterday ${time}`;
  return formatDateTime(due);
}

/** The value of a datetime-local input for an instant, in the browser's time zone. */
export function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
