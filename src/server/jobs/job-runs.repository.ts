import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { jobRuns } from '#server/db/schema/jobs.ts';
import type { LeaseStore } from '#server/lib/lease.ts';

export type JobRunRow = typeof jobRuns.$inferSelect;

/** One attempt of one slot of one job: the primary key of job_runs. */
export interface AttemptKey {
  job: string;
  slot: Date;
  attempt: number;
}

export interface JobStatus {
  job: string;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
}

const byKey = (key: AttemptKey) =>
  and(eq(jobRuns.job, key.job), eq(jobRuns.slot, key.slot), eq(jobRuns.attempt, key.attempt));

/** The slot's latest attempt, if any instance has claimed one. */
export async function findLatestAttempt(db: DbOrTx, job: string, slot: Date): Promise<JobRunRow | undefined> {
  const [row] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.slot, slot)))
    .orderBy(desc(jobRuns.attempt))
    .limit(1);
  return row;
}

/** Claims an attempt: true only for the one caller whose insert landed (ON CONFLICT DO NOTHING). */
export async function claimAttempt(
  db: DbOrTx,
  key: AttemptKey,
  at: { startedAt: Date; leaseUntil: Date },
): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ ...key, ...at })
    .onConflictDoNothing({ target: [jobRuns.job, jobRuns.slot, jobRuns.attempt] })
    .returning({ job: jobRuns.job });
  return rows.length === 1;
}

/** Extends a running attempt's lease; false once it has finished or been taken over. */
export async function renewLease(db: DbOrTx, key: AttemptKey, leaseUntil: Date): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({ leaseUntil })
    .where(and(byKey(key), isNull(jobRuns.finishedAt)))
    .returning({ job: jobRuns.job });
  return rows.length === 1;
}

/**
 * An attempt's lease (ADR 070): its insert is the claim, `lease_until` moves while it runs, and
 * `finishAttempt` ends it with the outcome.
 */
export function attemptLease(db: DbOrTx, key: AttemptKey): LeaseStore {
  return {
    claim: (startedAt, leaseUntil) => claimAttempt(db, key, { startedAt, leaseUntil }),
    renew: (leaseUntil) => renewLease(db, key, leaseUntil),
  };
}

/** Records how a running attempt ended; false when another instance had already closed it. */
export async function finishAttempt(
  db: DbOrTx,
  key: AttemptKey,
  result: { finishedAt: Date; error: string | null; details?: Record<string, unknown> | null },
): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({ finishedAt: result.finishedAt, error: result.error, details: result.details ?? null, leaseUntil: null })
    .where(and(byKey(key), isNull(jobRuns.finishedAt)))
    .returning({ job: jobRuns.job });
  return rows.length === 1;
}

/**
 * Closes an attempt whose lease ran out unfinished (its instance died or hung) as failed, at the
 * moment its lease ended. Only one caller wins; the others get undefined.
 */
export async function abandonAttempt(
  db: DbOrTx,
  key: AttemptKey,
  now: Date,
  error: string,
): Promise<JobRunRow | undefined> {
  const [row] = await db
    .update(jobRuns)
    .set({ finishedAt: sql`coalesce(${jobRuns.leaseUntil}, ${jobRuns.startedAt})`, error, leaseUntil: null })
    .where(and(byKey(key), isNull(jobRuns.finishedAt), or(isNull(jobRuns.leaseUntil), lt(jobRuns.leaseUntil, now))))
    .returning();
  return row;
}

/** Last run, last success and last error of each named job (jobs that never ran are left out). */
export async function readJobStatus(db: DbOrTx, jobs: string[]): Promise<JobStatus[]> {
  if (jobs.length === 0) return [];
  const failed = sql`${jobRuns.error} is not null`;
  return db
    .select({
      job: jobRuns.job,
      lastRunAt: sql<Date | null>`max(${jobRuns.startedAt})`.mapWith(jobRuns.startedAt),
      lastSuccessAt: sql<Date | null>`max(${jobRuns.finishedAt}) filter (where not (${failed}))`.mapWith(
        jobRuns.finishedAt,
      ),
      lastErrorAt: sql<Date | null>`max(${jobRuns.finishedAt}) filter (where ${failed})`.mapWith(jobRuns.finishedAt),
      lastError: sql<
        string | null
      >`(array_agg(${jobRuns.error} order by ${jobRuns.finishedAt} desc) filter (where ${failed}))[1]`,
    })
    .from(jobRuns)
    .where(inArray(jobRuns.job, jobs))
    .groupBy(jobRuns.job);
}

/** Drops a job's history older than `before` (slots), so job_runs stays small. */
export async function pruneJobRuns(db: DbOrTx, job: string, before: Date): Promise<number> {
  const rows = await db
    .delete(jobRuns)
    .where(and(eq(jobRuns.job, job), lt(jobRuns.slot, before)))
    .returning({ job: jobRuns.job });
  return rows.length;
}
