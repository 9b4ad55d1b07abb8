import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#server/lib/paths.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { onPostgres } from '#test/test-db.ts';
import { fingerprints, seedBusinessData } from './backups.test-helpers.ts';

// `npm run db:restore` opens the database itself: a PostgreSQL one, shared with this test.
describe.runIf(onPostgres())('npm run db:restore with the live schema gone (issue 31 item 1)', () => {
  let t: TestApp;
  let dir: string;
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('restores a backup from the backup directory and one from elsewhere', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'db-restore-cli-'));
    const backupDir = path.join(dir, 'backups');
    t = await createTestApp({ backupDir });
    await t.createUser({ role: 'admin' });
    await seedBusinessData(t.database.db, 4);
    const b = await t.services.backups.create('manual');
    const before = await fingerprints(t.database.db, []);
    const elsewhere = path.join(dir, 'copied.tar');
    copyFileSync(path.join(backupDir, b.filename), elsewhere);
    copyFileSync(path.join(backupDir, `${b.filename}.sha256`), `${elsewhere}.sha256`);

    const dropAll = async () => {
      await t.database.db.execute(sql`drop schema if exists drizzle cascade`);
      await t.database.db.execute(sql`drop schema public cascade`);
      await t.database.db.execute(sql`create schema public`);
    };
    const cli = (file: string) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'db-backup.ts'), 'restore', file],
        {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            DATABASE_URL: t.database.url,
            DATA_DIR: dir,
            BACKUP_DIR: backupDir,
            LOG_LEVEL: 'warn',
          },
          encoding: 'utf8',
          timeout: 120_000,
        },
      );
    for (const file of [path.join(backupDir, b.filename), elsewhere]) {
      await dropAll();
      const r = cli(file);
      expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/Database has been restored successfully/);
      const after = await fingerprints(t.database.db, ['backups', 'sessions', 'security_audit_log']);
      const { backups: _b, sessions: _s, security_audit_log: _a, ...expected } = before;
      expect(after).toEqual(expected);
    }
  }, 240_000);
});
