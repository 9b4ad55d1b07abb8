import type { LeadStatus } from './status.ts';

export type LatenessLevel = 0 | 1 | 2 | 3;

/** Hours since the last interaction at which a lead becomes late, level 1, 2 and 3. */
export const LATENESS_THRESHOLDS_HOURS: Record<'fast' | 'slow', readonly [number, number, number]> = {
  /** requested and waiting: the customer waits for us. */
  fast: [12, 24, 48],
  slow: [48, 72, 120],
};

export const LATENESS_LABELS: Record<Exclude<LatenessLevel, 0>, string> = {
  1: 'Needs attention soon',
  2: 'Needs attention',
  3: 'Urgent attention required',
};

export function thresholdsFor(status: LeadStatus): readonly [number, number, number] | null {
  if (status === 'rejected' || status === 'converted') return null;
  return status === 'requested' || status === 'waiting'
    ? LATENESS_THRESHOLDS_HOURS.fast
    : LATENESS_THRESHOLDS_HOURS.slow;
}

/** Lateness from the hours since the last interaction (or creation when there is none). */
export function latenessLevel(status: LeadStatus, lastInteractionAt: Date | string, now: Date): LatenessLevel {
  const limits = thresholdsFor(status);
  if (!limits) return 0;
  const hours = (now.getTime() - new Date(lastInteractionAt).getTime()) / 3_600_000;
  if (hours >= limits[2]) return 3;
  if (hours >= limits[1]) return 2;
  if (hours >= limits[0]) return 1;
  return 0;
}
