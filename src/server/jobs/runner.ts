import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import { createLease, type Lease } from '#server/lib/lease.ts';
import {
  DEFAULT_LEASE,
  DEFAULT_RETRY,
  SECOND,
  assertValidJob,
  nextSlot,
  retryDelay,
  slotOf,
  type Job,
  type JobContext,
  type JobDetails,
} from './job.ts';
import * as repo from './job-runs.repository.ts';
import type { JobStatus } from './job-runs.repository.ts';

export type SkipReason =
  | 'stopped' // the runner is shutting down
  | 'running' // an attempt of this slot is running, here or on another instance
  | 'claimed-elsewhere' // another instance claimed this attempt first
  | 'done' // the slot has succeeded
  | 'gave-up' // the slot failed and has no retry left before the next slot
  | 'retry-not-due'; // the slot failed and its retry waits for its backoff

export type JobOutcome =
  | { status: 'succeeded'; slot: Date; attempt: number; details?: JobDetails }
  | { status: 'failed'; slot: Date; attempt: number; error: string; retryAt: Date | null }
  | { status: 'skipped'; slot: Date; reason: SkipReason; retryAt?: Date };

export interface JobRunnerStatus extends JobStatus {
  /** An attempt is running in this process now. */
  running: boolean;
}

export interface JobRunner {
  /** Schedules every job (timers are unref'd); main.ts calls it, tests usually don't. */
  start(): void;
  /** Stops scheduling and waits for running jobs, at most `timeoutMs`; then aborts their signal. */
  stop(opts?: { timeoutMs?: number }): Promise<{ timedOut: string[] }>;
  /** Does what is due for the job at the clock's now (its slot, or the slot's retry), and waits for it. */
  runNow(name: string): Promise<JobOutcome>;
  status(): Promise<JobRunnerStatus[]>;
}

interface Entry {
  job: Job;
  log: FastifyBaseLogger;
  timer: NodeJS.Timeout | null;
  inFlight: Promise<Step> | null;
  abort: AbortController | null;
}

/** What one look at a job did, and when the next look is worth making. */
interface Step {
  outcome: JobOutcome;
  wakeAt: Date;
}

// A floor for the time between two looks at one job, so no logic slip can spin the loop.
const MIN_WAKE_DELAY = SECOND;
// After a look itself failed (database unreachable), try again this much later.
const CHECK_RETRY_DELAY = 30 * SECOND;
// Keep this much history per job in job_runs.
const KEEP_HISTORY = 30 * 24 * 3600 * SECOND;
const MAX_TIMER = 2 ** 31 - 1;

export function createJobRunner(deps: { db: Db; jobs: Job[]; log: FastifyBaseLogger; clock?: Clock }): JobRunner {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const entries = new Map<string, Entry>();
  for (const job of deps.jobs) {
    assertValidJob(job);
    if (entries.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    entries.set(job.name, { job, log: deps.log.child({ job: job.name }), timer: null, inFlight: null, abort: null });
  }
  let started = false;
  let stopped = false;

  const skip = (slot: Date, reason: SkipReason, wakeAt: Date, retryAt?: Date): Step => ({
    outcome: { status: 'skipped', slot, reason, ...(retryAt ? { retryAt } : {}) },
    wakeAt,
  });
  const earliest = (a: Date, b: Date) => (a < b ? a : b);
  const policy = (job: Job) => job.retry ?? DEFAULT_RETRY;

  /** When the attempt that failed at `finishedAt` may be retried; null when it was the slot's last. */
  function retryAtFor(job: Job, attempt: number, finishedAt: Date, next: Date): Date | null {
    if (attempt >= policy(job).attempts) return null;
    const at = new Date(finishedAt.getTime() + retryDelay(policy(job), attempt));
    return at < next ? at : null; // the next slot's run comes first
  }

  async function callOnFailed(e: Entry, err: unknown, ctx: JobContext) {
    try {
      await e.job.onFailed?.(err, ctx);
    } catch (hookErr) {
      e.log.error({ err: hookErr }, 'job failure hook failed');
    }
  }

  /** One look at a job: reads its slot's latest attempt from job_runs and claims the next one if due. */
  async function step(e: Entry): Promise<Step> {
    const { job } = e;
    const now = clock.now();
    const slot = slotOf(job.schedule, now);
    const next = nextSlot(job.schedule, now);
    let last = await repo.findLatestAttempt(db, job.name, slot);

    if (last && !last.finishedAt) {
      if (last.leaseUntil && last.leaseUntil > now) return skip(slot, 'running', earliest(last.leaseUntil, next));
      // Its instance stopped renewing the lease (crashed or hung): the attempt counts as failed.
      const key = { job: job.name, slot, attempt: last.attempt };
      last = await repo.abandonAttempt(db, key, now, 'abandoned: its lease ran out before it finished');
      if (!last) return skip(slot, 'claimed-elsewhere', new Date(now.getTime() + MIN_WAKE_DELAY));
      const retryAt = retryAtFor(job, last.attempt, last.finishedAt!, next);
      e.log.warn({ slot, attempt: last.attempt, retryAt }, 'job run abandoned by its instance');
      if (!retryAt) {
        const ctx = { slot, attempt: last.attempt, signal: AbortSignal.abort(), log: e.log };
        await callOnFailed(e, new Error(last.error!), ctx);
      }
    }

    if (last?.finishedAt) {
      if (last.error === null) return skip(slot, 'done', next);
      const retryAt = retryAtFor(job, last.attempt, last.finishedAt, next);
      if (!retryAt) return skip(slot, 'gave-up', next);
      if (retryAt > now) return skip(slot, 'retry-not-due', retryAt, retryAt);
    }

    if (stopped) return skip(slot, 'stopped', next);
    const key = { job: job.name, slot, attempt: (last?.attempt ?? 0) + 1 };
    const ms = job.lease ?? DEFAULT_LEASE;
    // The attempt's row is its lease (ADR 070): claimed once, renewed while it runs, ended by its outcome.
    const lease = createLease(repo.attemptLease(db, key), { clock, ms });
    if (!(await lease.claim())) return skip(slot, 'claimed-elsewhere', earliest(new Date(now.getTime() + ms), next));
    return run(e, key, lease, next);
  }

  /** Runs a claimed attempt, renewing its lease meanwhile, and records how it ended. */
  async function run(e: Entry, key: repo.AttemptKey, lease: Lease, next: Date): Promise<Step> {
    const { job } = e;
    const abort = (e.abort = new AbortController());
    const ctx: JobContext = { slot: key.slot, attempt: key.attempt, signal: abort.signal, log: e.log };
    const stopRenewing = lease.keepAlive({
      lost: () => e.log.warn({ slot: key.slot, attempt: key.attempt }, 'job lease lost while running'),
      failed: (err) => e.log.warn({ err }, 'job lease renewal failed'),
    });
    const t0 = Date.now();
    let result: { ok: true; details: JobDetails | void } | { ok: false; err: unknown };
    try {
      result = { ok: true, details: await job.run(ctx) };
    } catch (err) {
      result = { ok: false, err };
    } finally {
      stopRenewing();
      e.abort = null;
    }
    if (!result.ok) return failed(e, key, next, result.err, ctx);

    const details = result.details ?? undefined;
    const kept = await repo.finishAttempt(db, key, { finishedAt: clock.now(), error: null, details });
    if (!kept) e.log.warn({ slot: key.slot, attempt: key.attempt }, 'job finished after another instance took it over');
    e.log.info({ slot: key.slot, attempt: key.attempt, ms: Date.now() - t0 }, 'job done');
    await repo.pruneJobRuns(db, job.name, new Date(key.slot.getTime() - KEEP_HISTORY));
    const { slot, attempt } = key;
    return { outcome: { status: 'succeeded', slot, attempt, ...(details ? { details } : {}) }, wakeAt: next };
  }

  async function failed(e: Entry, key: repo.AttemptKey, next: Date, err: unknown, ctx: JobContext): Promise<Step> {
    const finishedAt = clock.now();
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'failed';
    await repo.finishAttempt(db, key, { finishedAt, error });
    const retryAt = retryAtFor(e.job, key.attempt, finishedAt, next);
    if (retryAt) e.log.warn({ err, slot: key.slot, attempt: key.attempt, retryAt }, 'job failed; will retry');
    else {
      e.log.error({ err, slot: key.slot, attempt: key.attempt }, 'job failed');
      await callOnFailed(e, err, ctx);
    }
    return {
      outcome: { status: 'failed', slot: key.slot, attempt: key.attempt, error, retryAt },
      wakeAt: retryAt ?? next,
    };
  }

  /** One look at a time per job in this process. */
  function look(e: Entry): Promise<Step> {
    const p = step(e).finally(() => {
      if (e.inFlight === p) e.inFlight = null;
    });
    e.inFlight = p;
    return p;
  }

  function schedule(e: Entry, delay: number) {
    if (stopped) return;
    if (e.timer) clearTimeout(e.timer);
    e.timer = setTimeout(() => void tick(e), Math.min(Math.max(delay, 0), MAX_TIMER));
    e.timer.unref();
  }

  async function tick(e: Entry) {
    e.timer = null;
    let wakeAt: Date;
    try {
      wakeAt = (await (e.inFlight ?? look(e))).wakeAt;
    } catch (err) {
      e.log.error({ err }, 'job check failed');
      wakeAt = new Date(clock.now().getTime() + CHECK_RETRY_DELAY);
    }
    schedule(e, Math.max(wakeAt.getTime() - clock.now().getTime(), MIN_WAKE_DELAY));
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      for (const e of entries.values()) schedule(e, e.job.schedule.firstAfter ?? 0);
      deps.log.info({ jobs: [...entries.keys()] }, 'jobs runner started');
    },

    async stop({ timeoutMs = 5000 } = {}) {
      stopped = true;
      for (const e of entries.values()) if (e.timer) clearTimeout(e.timer);
      const busy = [...entries.values()].filter((e) => e.inFlight !== null);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
        timer.unref();
      });
      const finished = Promise.allSettled(busy.map((e) => e.inFlight!));
      const result = await Promise.race([finished, timeout]);
      clearTimeout(timer);
      if (result !== 'timeout') return { timedOut: [] };
      const timedOut = busy.filter((e) => e.inFlight !== null).map((e) => e.job.name);
      for (const name of timedOut) entries.get(name)!.abort?.abort(new Error('shutting down'));
      deps.log.warn({ jobs: timedOut }, 'jobs still running at shutdown were aborted; they run again later');
      return { timedOut };
    },

    async runNow(name) {
      const e = entries.get(name);
      if (!e) throw new Error(`no job named ${name}`);
      const slot = slotOf(e.job.schedule, clock.now());
      if (stopped) return { status: 'skipped', slot, reason: 'stopped' };
      if (e.inFlight) return { status: 'skipped', slot, reason: 'running' };
      return (await look(e)).outcome;
    },

    async status() {
      const rows = new Map((await repo.readJobStatus(db, [...entries.keys()])).map((r) => [r.job, r]));
      return [...entries.values()].map(({ job, abort }) => ({
        job: job.name,
        lastRunAt: null,
        lastSuccessAt: null,
        lastErrorAt: null,
        lastError: null,
        ...rows.get(job.name),
        running: abort !== null,
      }));
    },
  };
}
