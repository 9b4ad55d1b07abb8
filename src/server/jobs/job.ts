import type { FastifyBaseLogger } from 'fastify';
import { backoffDelay } from '#server/lib/lease.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/**
 * Slots of `every` ms counted from the Unix epoch (plus `offset`), so every instance computes the
 * same slot for the same moment. Hourly slots start at minute 0 in UTC, which is also minute 0 in
 * Europe/Lisbon (its offsets are whole hours).
 */
export interface Schedule {
  every: number;
  /** Shifts the slots: `hourlyAt(15)` is every hour at :15. Less than `every`. */
  offset?: number;
  /** Wait after start before the first look (the current slot then runs if nobody ran it yet). */
  firstAfter?: number;
}

export const everyMinutes = (n: number, opts: Pick<Schedule, 'firstAfter'> = {}): Schedule => ({
  every: n * MINUTE,
  ...opts,
});
export const everyHours = (n: number, opts: Pick<Schedule, 'firstAfter'> = {}): Schedule => ({
  every: n * HOUR,
  ...opts,
});
export const hourlyAt = (minute: number, opts: Pick<Schedule, 'firstAfter'> = {}): Schedule => ({
  every: HOUR,
  offset: minute * MINUTE,
  ...opts,
});

/** A failed run is tried again `attempts - 1` times, waiting `backoff`, then twice that, and so on. */
export interface RetryPolicy {
  attempts: number;
  backoff: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, backoff: 30 * SECOND };
/** How long a run may go without its instance renewing it before another instance takes it over. */
export const DEFAULT_LEASE = MINUTE;

/** What a run may keep in job_runs.details (counts, ids: small JSON). */
export type JobDetails = Record<string, unknown>;

export interface JobContext {
  slot: Date;
  attempt: number;
  /** Aborted when shutdown gives up waiting: a long run should stop at a safe point. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** A named unit of background work (outline's BaseTask: schedule, perform, onFailed). */
export interface Job {
  /** At most 50 characters, kebab-case: it is the job_runs key. */
  name: string;
  schedule: Schedule;
  run(ctx: JobContext): Promise<JobDetails | void>;
  /** Called once a slot has failed for good (its last attempt failed); the runner has logged it already. */
  onFailed?(err: unknown, ctx: JobContext): void | Promise<void>;
  retry?: RetryPolicy;
  lease?: number;
}

/** The slot a moment belongs to: the latest due time at or before it. */
export function slotOf(schedule: Schedule, at: Date): Date {
  const offset = schedule.offset ?? 0;
  const n = Math.floor((at.getTime() - offset) / schedule.every);
  return new Date(n * schedule.every + offset);
}

export function nextSlot(schedule: Schedule, at: Date): Date {
  return new Date(slotOf(schedule, at).getTime() + schedule.every);
}

/** The wait after failed attempt `attempt` (1-based): backoff, 2 x backoff, 4 x backoff... (lib/lease.ts). */
export function retryDelay(retry: RetryPolicy, attempt: number): number {
  return backoffDelay({ base: retry.backoff }, attempt);
}

/** Throws on a job the runner could not schedule sensibly; called when the runner is built. */
export function assertValidJob(job: Job): void {
  const { every, offset = 0, firstAfter = 0 } = job.schedule;
  const problems = [
    !/^[a-z0-9][a-z0-9-]{0,49}$/.test(job.name) && 'name must be kebab-case, at most 50 characters',
    !(Number.isInteger(every) && every >= SECOND) && 'schedule.every must be whole milliseconds, at least 1 s',
    !(Number.isInteger(offset) && offset >= 0 && offset < every) && 'schedule.offset must be within [0, every)',
    !(firstAfter >= 0) && 'schedule.firstAfter must not be negative',
    job.retry && !(Number.isInteger(job.retry.attempts) && job.retry.attempts >= 1) && 'retry.attempts must be >= 1',
    job.retry && !(job.retry.backoff >= 0) && 'retry.backoff must not be negative',
    job.lease !== undefined && !(job.lease >= SECOND) && 'lease must be at least 1 s',
  ].filter(Boolean);
  if (problems.length) throw new Error(`job ${JSON.stringify(job.name)}: ${problems.join('; ')}`);
}
