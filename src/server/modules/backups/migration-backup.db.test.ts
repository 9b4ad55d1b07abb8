import { readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { readContainer } from './container.ts';
import { captureLog } from '#server/jobs/jobs.test-helpers.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { insertUser } from '#test/factories.ts';
import { createBackupDriver } from '#server/integrations/backup/driver.ts';
import { backupBeforeMigrations } from './backups.api.ts';

describe('a backup before every migration run (main.ts)', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'migration-backup-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });
  const run = () =>
    backupBeforeMigrations(database, { backupDir: dir, log: captureLog().log, driver: createBackupDriver });

  it('takes none when no migration is pending, or when the database holds no data', async () => {
    expect(await run()).toBeNull();
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    // Pending now, but no users and no leads: a first start.
    expect(await run()).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes a migration backup when migrations are pending and data exists', async () => {
    await insertUser(database.db, { role: 'admin' });
    const name = await run();
    expect(name).toMatch(/^backup-migration-\d{8}T\d{6}Z-v[\d.]+-(pglite|pg)[\d.]+\.tar$/);
    expect((await readdir(dir)).sort()).toEqual([name, `${name}.sha256`]);
    const { manifest } = await readContainer(path.join(dir, name!));
    expect(manifest).toMatchObject({ type: 'migration', tables: { users: 1 } });
  }, 60_000);
});
