import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { backupHourlyJob } from '#server/jobs/backup-hourly.job.ts';
import { captureLog, testClock } from '#server/jobs/jobs.test-helpers.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { insertUser } from '#test/factories.ts';
import { createBackupDriver } from '#server/integrations/backup/driver.ts';
import { createBackupsService } from './backups.service.ts';

describe('backup retention and the hourly job (ADR 030)', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertUser(database.db, { role: 'admin' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'backup-retention-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('removes only automated backups older than 3 days; manual and migration ones stay', async () => {
    const clock = testClock('2026-11-20T10:00:00Z');
    const backups = createBackupsService({
      database,
      hub: createLocalHub(),
      clock,
      audit: createAuditService({ db: database.db }),
      backupDir: dir,
      driver: () => createBackupDriver(database),
    });
    const runner = createJobRunner({ db: database.db, jobs: [backupHourlyJob(backups)], log: captureLog().log, clock });

    expect(await runner.runNow('backup-hourly')).toMatchObject({ status: 'succeeded' });
    const oldAuto = (await backups.list())[0]!;
    const manual = await backups.create('manual');
    const migration = await backups.create('migration');
    clock.set('2026-11-22T09:00:00Z');
    expect(await runner.runNow('backup-hourly')).toMatchObject({ status: 'succeeded' });
    const youngAuto = (await backups.list()).find((b) => b.type === 'automated' && b.filename !== oldAuto.filename)!;

    // 3 days and 1 minute after the first one.
    clock.set('2026-11-23T10:01:00Z');
    const outcome = await runner.runNow('backup-hourly');
    expect(outcome).toMatchObject({ status: 'succeeded', details: { removed: 1 } });
    const names = (await backups.list()).map((b) => b.filename);
    expect(names).not.toContain(oldAuto.filename);
    expect(existsSync(path.join(dir, oldAuto.filename))).toBe(false);
    expect(existsSync(path.join(dir, `${oldAuto.filename}.sha256`))).toBe(false);
    expect(names).toEqual(expect.arrayContaining([manual.filename, migration.filename, youngAuto.filename]));
    expect(names).toHaveLength(4);

    // Years later, manual and migration backups are still there.
    clock.set('2029-01-01T00:30:00Z');
    await runner.runNow('backup-hourly');
    const types = (await backups.list()).map((b) => b.type).sort();
    expect(types).toEqual(['automated', 'manual', 'migration']);

    const status = await backups.status();
    expect(status.schedule).toMatchObject({
      everyHours: 1,
      retentionDays: 3,
      lastRun: '2029-01-01T00:30:00.000Z',
      nextRun: '2029-01-01T01:00:00.000Z',
      lastError: null,
    });
  }, 120_000);
});
