import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, onPostgres } from '#test/test-db.ts';
import type { Database } from './client.ts';
import { leads } from './schema/leads.ts';
import { vacuumAnalyze } from './pglite-maintenance.ts';

describe('PGlite maintenance (no autovacuum there)', () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insert(leads).values(
      Array.from({ length: 50 }, (_, i) => ({
        reference: `M${i}`,
        firstName: 'M',
        vehicleMake: 'Fiat',
        vehicleModel: 'Uno',
        status: i % 2 ? 'quoted' : 'requested',
      })),
    );
  });
  afterAll(() => t.close());

  const statsRows = async () => {
    const res = await t.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'leads'`);
    return Number((res as { rows: { n: number }[] }).rows[0]!.n);
  };

  it('gathers planner statistics on PGlite, and leaves PostgreSQL to its autovacuum', async () => {
    expect(await statsRows()).toBe(0);
    await vacuumAnalyze(t);
    if (onPostgres()) expect(await statsRows()).toBe(0);
    else expect(await statsRows()).toBeGreaterThan(10); // one row per column of leads
  });
});
