// Backup and restore time and file size (ADR 030): `npx tsx bench/backup.ts [--only demo|100k] [--db embedded|postgres]`.
// For each data set (the demo business; 100,000 leads with timelines from seedBench) on each
// database (the embedded PostgreSQL in a temporary DATA_DIR, ADR 048; a fresh `bench_backup` PostgreSQL database
// from BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), it takes a manual
// backup and restores it through the backups service, the path the screen and the commands use.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedBench } from '#server/db/seed/seed-bench.ts';
import { seedDemo } from '#server/db/seed/seed-demo.ts';
import { users } from '#server/db/schema/auth.ts';
import { systemClock } from '#server/lib/clock.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { createBackupsService } from '#server/modules/backups/backups.service.ts';
import { createBackupDriver } from '#server/integrations/backup/driver.ts';

const { values } = parseArgs({ options: { only: { type: 'string' }, db: { type: 'string' } } });
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKUP_TARGET_S = 30;
const RESTORE_TARGET_S = 60;

async function openFresh(kind: 'embedded' | 'postgres', dir: string): Promise<Database> {
  if (kind === 'embedded') return openDb({ dataDir: path.join(dir, 'data') });
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query('drop database if exists bench_backup with (force)');
  await admin.query('create database bench_backup');
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = '/bench_backup';
  return openDb({ databaseUrl: u.toString(), poolSize: 4 });
}

const rows: string[] = [];
for (const set of ['demo', '100k'] as const) {
  if (values.only && values.only !== set) continue;
  for (const kind of ['embedded', 'postgres'] as const) {
    if (values.db && values.db !== kind) continue;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
    const database = await openFresh(kind, dir);
    try {
      await runMigrations(database);
      await database.db
        .insert(users)
        .values({ username: 'bench-admin', password: 'x', role: 'admin', email: 'bench@example.pt' });
      const t0 = performance.now();
      if (set === 'demo') await seedDemo(database.db, { now: new Date('2026-11-20T10:00:00Z') });
      else await seedBench(database.db, { count: 100_000, now: new Date('2026-11-20T10:00:00Z') });
      console.log(`${set} on ${kind}: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const backups = createBackupsService({
        database,
        hub: createLocalHub(),
        clock: systemClock,
        audit: createAuditService({ db: database.db }),
        backupDir: path.join(dir, 'backups'),
        driver: () => createBackupDriver(database),
      });
      const b0 = performance.now();
      const b = await backups.create('manual');
      const backupS = (performance.now() - b0) / 1000;
      const r0 = performance.now();
      const r = await backups.restore(b.filename);
      const restoreS = (performance.now() - r0) / 1000;
      const line = `| ${set} | ${kind} | ${r.rows.toLocaleString('en-GB')} | ${(b.size / 1024 / 1024).toFixed(1)} MB | ${backupS.toFixed(1)} s | ${restoreS.toFixed(1)} s | ${backupS < BACKUP_TARGET_S && restoreS < RESTORE_TARGET_S ? 'yes' : 'NO'} |`;
      console.log(line);
      rows.push(line);
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  }
}
console.log('\n| Data | Database | Rows | File | Backup | Restore (incl. restore point) | Within target |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
