import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContainer, writeContainer } from './container.ts';
import { sha256Line } from './durable-files.ts';
import { openLogicalDriver } from '#server/integrations/backup/logical-driver.ts';
import { AppError } from '#server/lib/app-error.ts';
import { systemClock } from '#server/lib/clock.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { onPostgres } from '#test/test-db.ts';
import { insertLead } from '#test/factories.ts';
import type { Backup } from '#shared/schemas/backups.ts';
import { fingerprints, seedBusinessData } from './backups.test-helpers.ts';
import { createBackupsService } from './backups.service.ts';

/**
 * The engine's own driver through the routes; on PostgreSQL also the logical driver (ADR 050,
 * the embedded engine's), through a second backups service on the same database.
 */
const drivers = onPostgres() ? (['default', 'logical'] as const) : (['default'] as const);

/**
 * Issue 31 items 1 and 4 (ADR 050): a damaged, foreign, empty or too-new backup is refused or
 * rolled back; after each try the data is exactly as it was and the app answers.
 */
describe.each(drivers)('restoring damaged backups changes nothing and the app keeps serving (%s driver)', (driver) => {
  let t: TestApp;
  let dir: string;
  let admin: string;
  let good: Backup;
  let n = 0;
  let backups: TestApp['services']['backups'];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'restore-damage-'));
    t = await createTestApp({ backupDir: dir });
    admin = (await t.loginAs('admin')).cookie;
    backups =
      driver === 'default'
        ? t.services.backups
        : createBackupsService({
            database: t.database,
            hub: t.hub,
            clock: systemClock,
            audit: t.services.audit,
            backupDir: dir,
            driver: () => openLogicalDriver(t.database.url!),
          });
    await seedBusinessData(t.database.db, 8);
    good = await backups.create('manual');
    // Data the backup does not have: a partial restore would lose it.
    await insertLead(t.database.db, { firstName: 'Written after the backup' });
  }, 90_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A backup file with a matching .sha256 (as an upload gets) built from the good one, altered. */
  async function variant(change: { member?: (b: Buffer) => Buffer; manifest?: (m: Record<string, unknown>) => void }) {
    const file = path.join(dir, good.filename);
    const { manifest, dump } = await readContainer(file);
    const bytes = readFileSync(file).subarray(dump.offset, dump.offset + dump.size);
    const member = path.join(dir, 'member.bin');
    writeFileSync(member, change.member ? change.member(Buffer.from(bytes)) : bytes);
    const m = { ...(manifest as Record<string, unknown>) };
    // Older backups have no checksum of their dump: the restore itself must catch the damage.
    delete m.entrySha256;
    change.manifest?.(m);
    const name = good.filename.replace('backup-manual-', `backup-manual-`).replace(/Z-v/, `Z-${++n + 1}-v`);
    const { sha256 } = await writeContainer(
      path.join(dir, name),
      m,
      { name: dump.name, path: member, size: readFileSync(member).length },
      new Date(),
    );
    await rm(member);
    writeFileSync(path.join(dir, `${name}.sha256`), sha256Line(sha256, name));
    return name;
  }

  /** Through the route, or (logical driver) the second service, answering like the route. */
  async function restore(filename: string): Promise<{ statusCode: number; message: string }> {
    if (driver === 'default') {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/backup/restore',
        headers: { cookie: admin },
        payload: { filename },
      });
      return { statusCode: res.statusCode, message: res.json<{ message: string }>().message };
    }
    try {
      return { statusCode: 200, message: (await backups.restore(filename)).message };
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNPROCESSABLE') return { statusCode: 422, message: err.message };
      throw err;
    }
  }

  /** Restores `name` and checks it failed with nothing changed and the app answering. */
  async function expectRefused(name: string, message: RegExp) {
    const before = await fingerprints(t.database.db);
    const res = await restore(name);
    expect(res.statusCode, res.message).toBe(422);
    expect(await fingerprints(t.database.db)).toEqual(before);
    await expectServing();
    expect(res.message).toMatch(message);
    expect(res.message).toMatch(/Nothing was changed/);
  }

  async function expectServing() {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const leads = await t.app.inject({ method: 'GET', url: '/api/leads', headers: { cookie: admin } });
    expect(leads.statusCode, leads.body).toBe(200);
    expect(leads.body).toContain('Written after the backup');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/backup/list', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
  }

  it('a truncated database dump (well-formed file, matching checksum)', async () => {
    await expectRefused(await variant({ member: (b) => b.subarray(0, Math.floor(b.length * 0.6)) }), /./);
  }, 60_000);

  it('a bit-flipped database dump', async () => {
    const flip = (b: Buffer) => {
      for (let i = Math.floor(b.length / 2); i < b.length - 8; i += 61) b[i] = b[i]! ^ 0x5a;
      return b;
    };
    await expectRefused(await variant({ member: flip }), /./);
    // A backup that records its dump's checksum is refused before anything starts.
    const name = await variant({
      member: flip,
      manifest: (m) => {
        m.entrySha256 = '0'.repeat(64);
      },
    });
    await expectRefused(name, /does not match its manifest/);
  }, 60_000);

  it('a backup from a newer version of the app', async () => {
    const name = await variant({
      manifest: (m) => {
        m.migrations = Number(m.migrations) + 3;
      },
    });
    await expectRefused(name, /newer version of the app/);
  }, 60_000);

  it('an empty dump, an empty upload', async () => {
    await expectRefused(await variant({ member: () => Buffer.alloc(0) }), /empty/);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backup/upload?filename=empty.tar',
      headers: { cookie: admin, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(0),
    });
    expect(up.statusCode).toBe(400);
    await expectServing();
  }, 60_000);

  it('foreign files: gzip of something else, corrupt gzip, random bytes', async () => {
    await expectRefused(await variant({ member: () => gzipSync(Buffer.from('{"hello":1}\nnot a database\n')) }), /./);
    const corruptGzip = gzipSync(Buffer.alloc(200_000, 'x'));
    corruptGzip.fill(0x41, 20, corruptGzip.length - 12);
    await expectRefused(await variant({ member: () => corruptGzip }), /./);
    await expectRefused(await variant({ member: () => Buffer.from('PK\u0003\u0004 a zip file, not ours') }), /./);
    const before = await fingerprints(t.database.db);
    for (const payload of [corruptGzip, Buffer.from('x'.repeat(5000))]) {
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/admin/backup/upload?filename=foreign.tar',
        headers: { cookie: admin, 'content-type': 'application/octet-stream' },
        payload,
      });
      expect(up.statusCode, up.body).toBe(422);
    }
    expect(await fingerprints(t.database.db)).toEqual(before);
    await expectServing();
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('the good backup still restores after all that, and restores with the live schema gone', async () => {
    const res = await restore(good.filename);
    expect(res.statusCode, res.message).toBe(200);
    const restored = await fingerprints(t.database.db);
    // The schema is gone (as the old partial restore left it): the restore point and the restore work.
    await t.database.db.execute(sql`drop schema if exists drizzle cascade`);
    await t.database.db.execute(sql`drop schema public cascade`);
    await t.database.db.execute(sql`create schema public`);
    const result = await backups.restore(good.filename, { username: 'test' });
    expect(result.message).toBe('Database has been restored successfully');
    expect(existsSync(path.join(dir, result.restorePoint))).toBe(true);
    expect(await fingerprints(t.database.db)).toEqual(restored);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 90_000);
});
