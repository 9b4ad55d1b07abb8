import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '../client.ts';
import { seedBench } from './seed-bench.ts';

describe('seedBench', () => {
  let database: Database;
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('adds the asked number of leads across transactions, with consistent timelines', async () => {
    const progress: number[] = [];
    const result = await seedBench(database.db, {
      count: 2_500,
      transactionSize: 1_000,
      batchSize: 400,
      onProgress: (n) => progress.push(n),
    });
    expect(result.leads).toBe(2_500);
    expect(progress).toEqual([1_000, 2_000, 2_500]);

    const [stats] = await rows<{
      leads: number;
      refs: number;
      statuses: number;
      starred: number;
      with_timeline: number;
      entries: number;
    }>(sql`
      select count(*)::int as leads, count(distinct reference)::int as refs, count(distinct status)::int as statuses,
             sum(starred::int)::int as starred,
             (select count(distinct lead_id)::int from lead_timeline) as with_timeline,
             (select count(*)::int from lead_timeline) as entries
      from leads`);
    expect(stats).toMatchObject({ leads: 2_500, refs: 2_500, statuses: 7, entries: result.timelineEntries });
    expect(stats!.with_timeline).toBeGreaterThan(150);
    expect(stats!.with_timeline).toBeLessThan(350);
    expect(stats!.entries).toBe(stats!.with_timeline * 2);
    expect(stats!.starred).toBeGreaterThan(20);
    expect(stats!.starred).toBeLessThan(150);

    const wrong = await rows<{ id: number }>(sql`
      select l.id from leads l
      where l.last_interaction_at is distinct from coalesce((select max(t.created_at) from lead_timeline t where t.lead_id = l.id), l.created_at)`);
    expect(wrong).toEqual([]);

    const [span] = await rows<{ days: number }>(
      sql`select extract(day from max(created_at) - min(created_at))::int as days from leads`,
    );
    expect(span!.days).toBeGreaterThan(600);
  });

  it('rejects a batch size PGlite would silently drop', async () => {
    await expect(seedBench(database.db, { count: 10, batchSize: 5_000 })).rejects.toThrow(/batchSize/);
  });
});
