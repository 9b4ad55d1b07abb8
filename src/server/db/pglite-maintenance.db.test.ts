import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { leads } from './schema/leads.ts';
import { createTestDatabase, onPostgres } from '#test/test-db.ts';
import type { Database } from './client.ts';
import { GROWTH_MIN_PAGES, vacuumGrown, watchGrowth } from './pglite-maintenance.ts';

// PGlite keeps no write counters for an autovacuum to read, so grown tables are found by their
// file size against the size their statistics were taken at (relpages).
describe.skipIf(onPostgres())('PGlite: statistics follow the tables as they grow', () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  const addLeads = (n: number, from: number) =>
    t.db.insert(leads).values(
      Array.from({ length: n }, (_, i) => ({
        reference: `G${from + i}`,
        firstName: 'Grow',
        lastName: `Silva ${from + i}`,
        vehicleMake: 'Fiat',
        vehicleModel: 'Uno',
      })),
    );
  const leadsTable = async () =>
    (
      await t.pglite!.query<{ pages: number; estimate: number; file: number }>(
        `select relpages as pages, reltuples::int as estimate,
          (pg_relation_size(oid) / current_setting('block_size')::int)::int as file
         from pg_class where oid = 'public.leads'::regclass`,
      )
    ).rows[0]!;

  it('vacuums and analyses a table that grew, and leaves it alone until it grows again', async () => {
    await addLeads(2_000, 0);
    expect((await leadsTable()).file).toBeGreaterThan(GROWTH_MIN_PAGES);
    expect(await vacuumGrown(t)).toContain('public.leads');
    const after = await leadsTable();
    expect(after).toMatchObject({ pages: after.file, estimate: 2_000 });

    expect(await vacuumGrown(t)).toEqual([]); // nothing grew since

    await addLeads(100, 2_000); // 5 %: under the threshold
    expect(await vacuumGrown(t)).not.toContain('public.leads');
    await addLeads(1_000, 2_100); // now past 20 %
    expect(await vacuumGrown(t)).toContain('public.leads');
    expect(await leadsTable()).toMatchObject({ estimate: 3_100 });
  });

  it('the planner then sees the grown table: a search estimate close to what it finds', async () => {
    const plan = await t.db.execute(
      sql`explain (format json) select id from ${leads} where ${leads.lastName} like ${'Silva 1%'}`,
    );
    const estimate = (plan as unknown as { rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] }).rows[0]![
      'QUERY PLAN'
    ][0].Plan['Plan Rows'];
    expect(estimate).toBeGreaterThan(100); // 1,111 rows match; unanalysed, PostgreSQL guessed 1-16
  });

  it('the watch checks on its timer, one check at a time, and stops', async () => {
    let tick: () => void = () => undefined;
    let stopped = false;
    const errors: unknown[] = [];
    const stop = watchGrowth(t, {
      every: (_ms, fn) => {
        tick = fn;
        return () => (stopped = true);
      },
      onError: (err) => errors.push(err),
    });
    await addLeads(2_000, 3_100);
    tick();
    tick(); // while the first check runs: skipped
    await expect.poll(async () => (await leadsTable()).estimate).toBe(5_100);
    stop();
    expect(stopped).toBe(true);
    expect(errors).toEqual([]);
  });
});
