import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { vacuumAnalyze } from '#server/db/pglite-maintenance.ts';
import { leads } from '#server/db/schema/leads.ts';
import { createTestDatabase, onPostgres } from '#test/test-db.ts';
import { HOUR, MINUTE } from './job.ts';
import { captureLog, testClock } from './jobs.test-helpers.ts';
import { processJobs } from './process-jobs.ts';
import { createJobRunner } from './runner.ts';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '#server/lib/clock.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { createBackupsService } from '#server/modules/backups/backups.service.ts';

describe('pglite-maintenance job (PGlite has no autovacuum)', () => {
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
  const services = () => ({
    backups: createBackupsService({
      database: t,
      hub: createLocalHub(),
      clock: systemClock,
      audit: createAuditService({ db: t.db }),
      backupDir: path.join(os.tmpdir(), 'pglite-maintenance-test-backups'),
    }),
  });
  const maintenanceOnly = () => processJobs(t, services()).filter((j) => j.name === 'pglite-maintenance');

  const statsRows = async () => {
    const res = await t.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'leads'`);
    return Number((res as { rows: { n: number }[] }).rows[0]!.n);
  };

  it('is a job of the process on PGlite only (PostgreSQL runs its own autovacuum)', () => {
    const jobs = processJobs(t, services());
    expect(jobs.map((j) => j.name)).toEqual(onPostgres() ? ['backup-hourly'] : ['backup-hourly', 'pglite-maintenance']);
    if (!onPostgres())
      expect(maintenanceOnly()).toMatchObject([
        { name: 'pglite-maintenance', schedule: { every: HOUR, firstAfter: 15 * MINUTE } },
      ]);
  });

  it.runIf(onPostgres())(
    'vacuumAnalyze (also run by the seed scripts) leaves PostgreSQL to its autovacuum',
    async () => {
      await vacuumAnalyze(t);
      expect(await statsRows()).toBe(0);
    },
  );

  it.skipIf(onPostgres())('runs VACUUM (ANALYZE) through the runner and records the run', async () => {
    const { log, messages } = captureLog();
    const runner = createJobRunner({
      db: t.db,
      jobs: maintenanceOnly(),
      log,
      clock: testClock('2026-11-25T10:01:00Z'),
    });
    expect(await statsRows()).toBe(0);
    expect(await runner.runNow('pglite-maintenance')).toMatchObject({ status: 'succeeded' });
    expect(await statsRows()).toBeGreaterThan(10); // one row per column of leads
    expect(messages()).toEqual(['info job done']);
    expect(await runner.status()).toMatchObject([
      { job: 'pglite-maintenance', lastSuccessAt: new Date('2026-11-25T10:01:00Z'), lastError: null },
    ]);
  });

  it.skipIf(onPostgres())("vacuums every table in a statement of its own: the app's and the catalogs", async () => {
    await t.db.execute(sql`update leads set status = 'quoted' where status = 'requested'`);
    const pg = t.pglite!;
    const statements: string[] = [];
    const exec = pg.exec.bind(pg);
    pg.exec = (text, opts) => {
      statements.push(text);
      return exec(text, opts);
    };
    try {
      const done = await vacuumAnalyze(t);
      const { rows } = await pg.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'm') and n.nspname not like 'pg\\_temp%' and n.nspname not like 'pg\\_toast%'`,
      );
      expect(done.tables).toBe(rows[0]!.n);
      expect(statements).toHaveLength(done.tables);
      expect(statements).toContain('VACUUM (ANALYZE) public.leads');
      expect(statements).toContain('VACUUM (ANALYZE) pg_catalog.pg_class');
      // VACUUM, not only ANALYZE: the leads' pages are marked all-visible again after the update.
      const visible = await pg.query<{ all: number; pages: number }>(
        `select relallvisible as all, relpages as pages from pg_class where oid = 'public.leads'::regclass`,
      );
      expect(visible.rows[0]!.all).toBe(visible.rows[0]!.pages);
    } finally {
      pg.exec = exec;
    }
  });
});
