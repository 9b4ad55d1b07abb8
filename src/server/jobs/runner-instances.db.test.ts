import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Database } from '#server/db/client.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { everyMinutes, type Job } from './job.ts';
import { captureLog, runsOf, testClock, waitFor } from './jobs.test-helpers.ts';
import { createJobRunner } from './runner.ts';

// Each runner has its own connection pool, as two app instances would.
describe('two runners on one database (two PostgreSQL pools)', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await createTestDatabase();
    b = await openDb({ databaseUrl: a.url!, poolSize: 3 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('run a due job exactly once per slot when both run it at the same moment', async () => {
    const clock = testClock('2026-11-25T10:00:00Z');
    const ran: string[] = [];
    const job = (instance: string): Job => ({
      name: 'race',
      schedule: everyMinutes(5),
      run: async ({ slot }) => void ran.push(`${instance} ${slot.toISOString()}`),
    });
    const runnerA = createJobRunner({ db: a.db, jobs: [job('A')], log: captureLog().log, clock });
    const runnerB = createJobRunner({ db: b.db, jobs: [job('B')], log: captureLog().log, clock });

    const slots = 20;
    for (let i = 0; i < slots; i++) {
      clock.set(new Date(Date.parse('2026-11-25T10:00:00Z') + i * 5 * 60_000).toISOString());
      const outcomes = await Promise.all([runnerA.runNow('race'), runnerB.runNow('race')]);
      expect(outcomes.filter((o) => o.status === 'succeeded')).toHaveLength(1);
      // The other one lost the insert, or saw the winner's row running or done.
      for (const o of outcomes)
        if (o.status === 'skipped') expect(['claimed-elsewhere', 'running', 'done']).toContain(o.reason);
    }
    expect(ran).toHaveLength(slots);
    expect(new Set(ran.map((r) => r.split(' ')[1])).size).toBe(slots);
    expect(await runsOf(a.db, 'race')).toHaveLength(slots);
  });

  it('started on their timers, run the current slot once; either one reports it', async () => {
    const clock = testClock('2026-11-25T12:01:00Z');
    let runs = 0;
    const job: Job = { name: 'timed', schedule: everyMinutes(5), run: async () => void (runs += 1) };
    const logA = captureLog();
    const runnerA = createJobRunner({ db: a.db, jobs: [job], log: logA.log, clock });
    const runnerB = createJobRunner({ db: b.db, jobs: [job], log: captureLog().log, clock });
    runnerA.start();
    runnerB.start();
    try {
      await waitFor(() => runs > 0, 'the first run');
    } finally {
      await Promise.all([runnerA.stop(), runnerB.stop()]); // waits for any look still in flight
    }
    expect(runs).toBe(1);
    expect(await runsOf(a.db, 'timed')).toMatchObject([{ slot: new Date('2026-11-25T12:00:00Z'), attempt: 1 }]);
    expect(logA.messages()[0]).toBe('info jobs runner started');
    expect(await runnerB.status()).toMatchObject([
      { job: 'timed', lastSuccessAt: new Date('2026-11-25T12:01:00Z'), lastError: null, running: false },
    ]);
  });
});
