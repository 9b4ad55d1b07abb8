/**
 * Quick presets of a new task (docs/decisions/066-lead-tasks-and-pipeline-board.md), computed in
 * the user's own time zone: 'Call tomorrow 10:00', 'Follow up in 3 days' (at 10:00), 'Call in 1 hour'.
 */
export interface TaskPreset {
  id: 'call-tomorrow' | 'follow-up-3-days' | 'in-1-hour' | 'next-monday';
  label: string;
  title: string;
  /** The due instant for a user whose clock says `now` (local time of the running JavaScript). */
  dueAt: (now: Date) => Date;
}

const atLocal = (base: Date, addDays: number, hour: number, minute = 0) => {
  const d = new Date(base.getFullYear(), base.getMonth(), base.getDate() + addDays, hour, minute, 0, 0);
  return d;
};

export const TASK_PRESETS: readonly TaskPreset[] = [
  { id: 'call-tomorrow', label: 'Call tomorrow 10:00', title: 'Call', dueAt: (now) => atLocal(now, 1, 10) },
  {
    id: 'follow-up-3-days',
    label: 'Follow up in 3 days',
    title: 'Follow up',
    dueAt: (now) => atLocal(now, 3, 10),
  },
  {
    id: 'next-monday',
    label: 'Call on Monday 10:00',
    title: 'Call',
    // Monday after today (a week on when today is Monday).
    dueAt: (now) => atLocal(now, (8 - now.getDay()) % 7 || 7, 10),
  },
  {
    id: 'in-1-hour',
    label: 'Call in 1 hour',
    title: 'Call',
    dueAt: (now) => new Date(Math.ceil((now.getTime() + 3_600_000) / 300_000) * 300_000),
  },
];

/** Local midnight at the start of `now`'s day and of the next day: 'today' for the Today view. */
export function dayBounds(now: Date): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { start, end: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1) };
}
