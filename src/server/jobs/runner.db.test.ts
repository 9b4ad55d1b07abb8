import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { everyMinutes, hourlyAt, type Job, type JobContext } from './job.ts';
import { claimAttempt } from './job-runs.repository.ts';
import { captureLog, gate, runsOf, testClock } from './jobs.test-helpers.ts';
import { createJobRunner } from './runner.ts';

const at = (iso: string) => new Date(iso);

describe('jobs runner (one instance)', () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  it('runs a job on demand for the slot of the injected clock, once per slot', async () => {
    const clock = testClock('2026-11-25T10:07:00Z');
    const slots: Date[] = [];
    const job: Job = { name: 'on-demand', schedule: hourlyAt(0), run: async ({ slot }) => void slots.push(slot) };
    const runner = createJobRunner({ db: t.db, jobs: [job], log: captureLog().log, clock });

    expect(await runner.runNow('on-demand')).toEqual({
      status: 'succeeded',
      slot: at('2026-11-25T10:00:00Z'),
      attempt: 1,
    });
    expect(await runner.runNow('on-demand')).toEqual({
      status: 'skipped',
      slot: at('2026-11-25T10:00:00Z'),
      reason: 'done',
    });
    clock.set('2026-11-25T11:00:00Z');
    expect(await runner.runNow('on-demand')).toMatchObject({ status: 'succeeded', slot: at('2026-11-25T11:00:00Z') });

    expect(slots).toEqual([at('2026-11-25T10:00:00Z'), at('2026-11-25T11:00:00Z')]);
    expect(await runsOf(t.db, 'on-demand')).toMatchObject([
      { slot: at('2026-11-25T10:00:00Z'), attempt: 1, startedAt: at('2026-11-25T10:07:00Z'), error: null },
      { slot: at('2026-11-25T11:00:00Z'), attempt: 1, startedAt: at('2026-11-25T11:00:00Z'), leaseUntil: null },
    ]);
    await expect(runner.runNow('nope')).rejects.toThrow('no job named nope');
  });

  it('retries a failing run with a growing wait, records the last error, then the success', async () => {
    const clock = testClock('2026-11-25T10:00:30Z');
    const { log, lines, messages } = captureLog();
    let calls = 0;
    const onFailed = vi.fn();
    const job: Job = {
      name: 'flaky',
      schedule: everyMinutes(5),
      retry: { attempts: 3, backoff: 10_000 },
      run: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`boom ${calls}`);
        return { imported: 2 };
      },
      onFailed,
    };
    const runner = createJobRunner({ db: t.db, jobs: [job], log, clock });
    const slot = at('2026-11-25T10:00:00Z');

    expect(await runner.runNow('flaky')).toEqual({
      status: 'failed',
      slot,
      attempt: 1,
      error: 'boom 1',
      retryAt: at('2026-11-25T10:00:40Z'),
    });
    expect(await runner.runNow('flaky')).toEqual({
      status: 'skipped',
      slot,
      reason: 'retry-not-due',
      retryAt: at('2026-11-25T10:00:40Z'),
    });
    expect(await runner.status()).toEqual([
      {
        job: 'flaky',
        lastRunAt: at('2026-11-25T10:00:30Z'),
        lastSuccessAt: null,
        lastErrorAt: at('2026-11-25T10:00:30Z'),
        lastError: 'boom 1',
        running: false,
      },
    ]);

    clock.set('2026-11-25T10:00:40Z');
    expect(await runner.runNow('flaky')).toMatchObject({
      status: 'failed',
      attempt: 2,
      retryAt: at('2026-11-25T10:01:00Z'),
    });
    clock.set('2026-11-25T10:00:59.999Z');
    expect(await runner.runNow('flaky')).toMatchObject({ status: 'skipped', reason: 'retry-not-due' });
    clock.set('2026-11-25T10:01:00Z');
    expect(await runner.runNow('flaky')).toEqual({ status: 'succeeded', slot, attempt: 3, details: { imported: 2 } });
    expect(await runner.runNow('flaky')).toMatchObject({ status: 'skipped', reason: 'done' });

    expect(await runner.status()).toEqual([
      {
        job: 'flaky',
        lastRunAt: at('2026-11-25T10:01:00Z'),
        lastSuccessAt: at('2026-11-25T10:01:00Z'),
        lastErrorAt: at('2026-11-25T10:00:40Z'),
        lastError: 'boom 2',
        running: false,
      },
    ]);
    expect((await runsOf(t.db, 'flaky')).map((r) => [r.attempt, r.error, r.details])).toEqual([
      [1, 'boom 1', null],
      [2, 'boom 2', null],
      [3, null, { imported: 2 }],
    ]);
    expect(onFailed).not.toHaveBeenCalled();
    expect(messages()).toEqual(['warn job failed; will retry', 'warn job failed; will retry', 'info job done']);
    expect(lines[0]).toMatchObject({ job: 'flaky', attempt: 1, err: { message: 'boom 1' } });
  });

  it('gives a slot up after its last attempt: logged as an error and handed to the failure hook', async () => {
    const clock = testClock('2026-11-25T10:00:00Z');
    const { log, lines, messages } = captureLog();
    const failures: [string, JobContext['attempt'], Date][] = [];
    const job: Job = {
      name: 'broken',
      schedule: everyMinutes(5),
      retry: { attempts: 2, backoff: 60_000 },
      run: () => Promise.reject(new Error('mailbox unreachable')),
      onFailed: (err, ctx) => void failures.push([(err as Error).message, ctx.attempt, ctx.slot]),
    };
    const runner = createJobRunner({ db: t.db, jobs: [job], log, clock });

    expect(await runner.runNow('broken')).toMatchObject({ status: 'failed', attempt: 1 });
    clock.set('2026-11-25T10:01:00Z');
    expect(await runner.runNow('broken')).toMatchObject({ status: 'failed', attempt: 2, retryAt: null });
    clock.set('2026-11-25T10:04:00Z');
    expect(await runner.runNow('broken')).toMatchObject({ status: 'skipped', reason: 'gave-up' });
    expect(failures).toEqual([['mailbox unreachable', 2, at('2026-11-25T10:00:00Z')]]);
    expect(messages()).toEqual(['warn job failed; will retry', 'error job failed']);
    expect(lines[1]).toMatchObject({ job: 'broken', attempt: 2, err: { message: 'mailbox unreachable' } });

    // A retry that would only be due in the next slot is dropped: the next slot's run comes first.
    clock.set('2026-11-25T10:09:30Z');
    expect(await runner.runNow('broken')).toMatchObject({ status: 'failed', attempt: 1, retryAt: null });
    expect(failures).toHaveLength(2);
    clock.set('2026-11-25T10:10:00Z');
    expect(await runner.runNow('broken')).toMatchObject({ status: 'failed', slot: at('2026-11-25T10:10:00Z') });
  });

  it('takes over a run whose instance died once its lease has run out, and counts it as an attempt', async () => {
    const clock = testClock('2026-11-25T10:00:20Z');
    const { log, messages } = captureLog();
    let runs = 0;
    const job: Job = {
      name: 'takeover',
      schedule: everyMinutes(5),
      lease: 60_000,
      retry: { attempts: 3, backoff: 10_000 },
      run: async () => void (runs += 1),
    };
    // Another instance claimed the slot at 10:00:00 and died: its lease ends at 10:01:00.
    const slot = at('2026-11-25T10:00:00Z');
    await claimAttempt(
      t.db,
      { job: 'takeover', slot, attempt: 1 },
      { startedAt: slot, leaseUntil: at('2026-11-25T10:01:00Z') },
    );
    const runner = createJobRunner({ db: t.db, jobs: [job], log, clock });

    expect(await runner.runNow('takeover')).toMatchObject({ status: 'skipped', reason: 'running' });
    clock.set('2026-11-25T10:01:05Z');
    expect(await runner.runNow('takeover')).toEqual({
      status: 'skipped',
      slot,
      reason: 'retry-not-due',
      retryAt: at('2026-11-25T10:01:10Z'),
    });
    clock.set('2026-11-25T10:01:10Z');
    expect(await runner.runNow('takeover')).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect(runs).toBe(1);
    expect((await runsOf(t.db, 'takeover')).map((r) => [r.attempt, r.finishedAt, r.error])).toEqual([
      [1, at('2026-11-25T10:01:00Z'), 'abandoned: its lease ran out before it finished'],
      [2, at('2026-11-25T10:01:10Z'), null],
    ]);
    expect(messages()).toEqual(['warn job run abandoned by its instance', 'info job done']);
  });

  it('stop() stops scheduling and waits for a running job to finish', async () => {
    const clock = testClock('2026-11-25T10:00:00Z');
    const release = gate();
    const started = gate();
    const job: Job = {
      name: 'slow',
      schedule: everyMinutes(5),
      run: async () => {
        started.open();
        await release.opened;
      },
    };
    const runner = createJobRunner({ db: t.db, jobs: [job], log: captureLog().log, clock });
    const running = runner.runNow('slow');
    runner.start(); // its timer finds the run in progress
    await started.opened;
    expect(await runner.status()).toMatchObject([{ job: 'slow', running: true }]);

    let stopped = false;
    const stopping = runner.stop().then((result) => ((stopped = true), result));
    await t.db.execute(sql`select 1`); // a database round trip: time enough for stop() to return if it did not wait
    expect(stopped).toBe(false);
    release.open();
    expect(await stopping).toEqual({ timedOut: [] });
    expect(await running).toMatchObject({ status: 'succeeded' });
    expect((await runsOf(t.db, 'slow'))[0]!.finishedAt).toEqual(at('2026-11-25T10:00:00Z'));
    expect(await runner.runNow('slow')).toMatchObject({ status: 'skipped', reason: 'stopped' });
  });

  it('stop() gives up after its timeout and aborts the running job', async () => {
    const clock = testClock('2026-11-25T10:00:00Z');
    const started = gate();
    const { log, messages } = captureLog();
    const job: Job = {
      name: 'stuck',
      schedule: everyMinutes(5),
      retry: { attempts: 2, backoff: 10_000 },
      run: ({ signal }) =>
        new Promise((_, reject) => {
          started.open();
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    };
    const runner = createJobRunner({ db: t.db, jobs: [job], log, clock });
    const running = runner.runNow('stuck');
    await started.opened;

    expect(await runner.stop({ timeoutMs: 20 })).toEqual({ timedOut: ['stuck'] });
    expect(await running).toMatchObject({ status: 'failed', error: 'shutting down' });
    expect(messages()).toEqual([
      'warn jobs still running at shutdown were aborted; they run again later',
      'warn job failed; will retry',
    ]);
  });
});
