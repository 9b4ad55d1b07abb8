import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { securityAuditLog } from '#server/db/schema/auth.ts';
import { readContainer, writeContainer } from './container.ts';
import { fileSha256, sha256Line } from './durable-files.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';
import type { Backup, BackupStatus, RestoreResult } from '#shared/schemas/backups.ts';
import { fingerprints, seedBusinessData } from './backups.test-helpers.ts';

describe('database backups (ADR 030)', () => {
  let t: TestApp;
  let dir: string;
  let copyDir: string;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'backups-test-'));
    copyDir = await mkdtemp(path.join(os.tmpdir(), 'backups-copy-test-'));
    t = await createTestApp({ backupDir: dir, backupCopyDir: copyDir });
    admin = (await t.loginAs('admin')).cookie;
    user = (await t.loginAs('user')).cookie;
    await seedBusinessData(t.database.db);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
    await rm(copyDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, cookie = admin, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const create = async () => {
    const res = await call('POST', '/api/admin/backup/create');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Backup>();
  };
  const restore = (filename: string) => call('POST', '/api/admin/backup/restore', admin, { filename });
  const auditEvents = async (event: string) =>
    t.database.db.select().from(securityAuditLog).where(eq(securityAuditLog.event, event));

  it('answers 401 without a session and 403 to role user on every backup call', async () => {
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/backup/list'],
      ['GET', '/api/admin/backup/status'],
      ['POST', '/api/admin/backup/create'],
      ['POST', '/api/admin/backup/restore', { filename: 'backup-manual-20260101T000000Z-v0.1.0-pg15.tar' }],
      ['GET', '/api/admin/backup/download/backup-manual-20260101T000000Z-v0.1.0-pg15.tar'],
      ['POST', '/api/admin/backup/upload'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(401);
      const res = await call(method, url, user, payload);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes one file named with the app and database versions, its sha256 beside it, and a copy', async () => {
    const b = await create();
    expect(b.type).toBe('manual');
    expect(b.filename).toMatch(/^backup-manual-\d{8}T\d{6}Z-v0\.1\.0-(pglite0\.5\.8|pg\d+\.\d+)\.tar$/);
    const file = path.join(dir, b.filename);
    expect(await fileSha256(file)).toBe(b.sha256);
    // Checkable without the app.
    execFileSync('sha256sum', ['-c', `${b.filename}.sha256`], { cwd: dir });
    execFileSync('sha256sum', ['-c', `${b.filename}.sha256`], { cwd: copyDir });
    const { manifest } = await readContainer(file);
    expect(manifest).toMatchObject({ type: 'manual', tables: { leads: 5, lead_timeline: 10, stored_media: 1 } });
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const list = (await call('GET', '/api/admin/backup/list')).json<Backup[]>();
    expect(list.map((x) => x.filename)).toContain(b.filename);
    expect(await auditEvents('backup_created')).toEqual(
      expect.arrayContaining([expect.objectContaining({ details: expect.stringContaining(b.filename) })]),
    );
  });

  it('backup, change data, restore: every table comes back with the same rows and checksums', async () => {
    const before = await fingerprints(t.database.db);
    const b = await create();
    const lead = await insertLead(t.database.db, { firstName: 'Later' });
    await t.database.db.delete(leadTimeline).where(sql`true`);
    await t.database.db
      .update(leads)
      .set({ notes: 'changed' })
      .where(sql`${leads.id} <> ${lead.id}`);
    expect(await fingerprints(t.database.db)).not.toEqual(before);

    const events: string[] = [];
    const unsubscribe = t.hub.subscribe((e) => events.push(e.type));
    const res = await restore(b.filename);
    unsubscribe();
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<RestoreResult>();
    expect(result.message).toBe('Database has been restored successfully');
    expect(await fingerprints(t.database.db)).toEqual(before);
    // Open pages were told, and the admin who restored is still signed in.
    expect(events).toEqual(expect.arrayContaining(['database_restoring', 'database_restored']));
    expect((await call('GET', '/api/admin/backup/status')).statusCode).toBe(200);
    // The restore point of the data just replaced is listed, and the restore is in the audit log.
    const list = (await call('GET', '/api/admin/backup/list')).json<Backup[]>();
    expect(list.find((x) => x.filename === result.restorePoint)?.type).toBe('restore_point');
    expect(list.map((x) => x.filename)).toContain(b.filename);
    expect(await auditEvents('backup_restored')).toHaveLength(1);
  }, 60_000);

  it('refuses a corrupt or truncated file and changes nothing', async () => {
    const b = await create();
    await insertLead(t.database.db, { firstName: 'After backup' });
    const before = await fingerprints(t.database.db);
    const filesBefore = await readdir(dir);
    const file = path.join(dir, b.filename);
    const bytes = readFileSync(file);
    bytes[bytes.length - 2000] = bytes[bytes.length - 2000]! ^ 0xff;
    writeFileSync(file, bytes);
    let res = await restore(b.filename);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/damaged: its checksum does not match/);

    truncateSync(file, 1000);
    res = await restore(b.filename);
    expect(res.statusCode).toBe(422);

    // A truncated file that arrives with a matching checksum (an upload) is refused too.
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backup/upload?filename=cut.tar',
      headers: { cookie: admin, 'content-type': 'application/octet-stream' },
      payload: readFileSync(file),
    });
    expect(up.statusCode).toBe(422);
    expect(up.json<{ message: string }>().message).toMatch(/truncated/);

    expect(await fingerprints(t.database.db)).toEqual(before);
    expect(await readdir(dir)).toEqual(filesBefore);
    expect((await auditEvents('backup_failed')).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('a restore that fails halfway leaves the database as it was', async () => {
    const b = await create();
    await insertLead(t.database.db, { firstName: 'Must survive' });
    const before = await fingerprints(t.database.db);
    // A well-formed file whose data does not match its manifest: the check after the data is in fails.
    const file = path.join(dir, b.filename);
    const { manifest, dump } = await readContainer(file);
    const member = path.join(dir, 'member.bin');
    writeFileSync(member, readFileSync(file).subarray(dump.offset, dump.offset + dump.size));
    const bad = { ...(manifest as { tables: Record<string, number> }) };
    bad.tables = { ...bad.tables, leads: bad.tables.leads! + 1 };
    const name = b.filename.replace('backup-manual-', 'backup-migration-');
    const { sha256 } = await writeContainer(
      path.join(dir, name),
      { ...bad, type: 'migration' },
      { name: dump.name, path: member, size: dump.size },
      new Date(),
    );
    await rm(member);
    writeFileSync(path.join(dir, `${name}.sha256`), sha256Line(sha256, name));
    expect((await call('GET', '/api/admin/backup/list')).json<Backup[]>().map((x) => x.filename)).toContain(name);

    const res = await restore(name);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/does not match the backup \(leads has \d+ rows instead/);
    expect(await fingerprints(t.database.db)).toEqual(before);
    // The app still serves.
    expect((await call('GET', '/api/admin/backup/list')).statusCode).toBe(200);
  }, 90_000);

  it('takes a backup while writes go on: each transaction is wholly in it or not at all', async () => {
    let stop = false;
    let written = 0;
    const until = Date.now() + 20_000;
    const writer = (async () => {
      while (!stop && Date.now() < until) {
        await t.database.db.transaction(async (tx) => {
          const [lead] = await tx
            .insert(leads)
            .values({
              reference: `W${written}x${Date.now()}`,
              firstName: 'W',
              vehicleMake: 'Fiat',
              vehicleModel: 'Uno',
            })
            .returning();
          await tx.insert(leadTimeline).values({ leadId: lead!.id, type: 'chat', description: 'pair' });
        });
        written++;
        // Like requests arriving over the network: one write per turn of the event loop.
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const b = await create();
    const duringBackup = written;
    stop = true;
    await writer;
    expect(duringBackup).toBeGreaterThan(0);
    expect(Date.now()).toBeLessThan(until);
    const res = await restore(b.filename);
    expect(res.statusCode, res.body).toBe(200);
    const pairs = (await t.database.db.execute(
      sql`select count(*)::int as leads, count(e.id)::int as entries from leads l left join lead_timeline e on e.lead_id = l.id and e.description = 'pair' where l.first_name = 'W'`,
    )) as unknown as { rows: { leads: number; entries: number }[] };
    expect(pairs.rows[0]!.leads).toBe(pairs.rows[0]!.entries);
  }, 90_000);

  it('downloads a backup byte for byte and takes it back by upload', async () => {
    const b = await create();
    const dl = await call('GET', `/api/admin/backup/download/${b.filename}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="${b.filename}"`);
    const body = dl.rawPayload;
    expect(body.length).toBe(b.size);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backup/upload?filename=my-copy.tar',
      headers: { cookie: admin, 'content-type': 'application/octet-stream' },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(200);
    const uploaded = up.json<Backup>();
    expect(uploaded.sha256).toBe(b.sha256);
    expect(uploaded.filename).not.toBe(b.filename);
    expect(existsSync(path.join(dir, `${uploaded.filename}.sha256`))).toBe(true);
    expect((await restore(uploaded.filename)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/backup/download/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
  }, 60_000);

  it('answers 503 Restoring database to other calls while a restore runs on any instance', async () => {
    t.hub.publish({ type: 'database_restoring', data: {}, audience: { kind: 'staff' } });
    const during = await t.app.inject({ method: 'GET', url: '/api/leads', headers: { cookie: admin } });
    expect(during.statusCode).toBe(503);
    expect(during.json<{ message: string }>().message).toBe('Restoring database');
    expect((await call('GET', '/api/admin/backup/status')).json<BackupStatus>().restoring).toBe(true);
    t.hub.publish({ type: 'database_restored', data: {}, audience: { kind: 'staff' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/leads', headers: { cookie: admin } })).statusCode).toBe(200);
  });

  it('reports an unwritable backup directory in the schedule card and the audit log', async () => {
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    const broken = await createTestApp({ database: t.database, backupDir: path.join(blocker, 'backups') });
    try {
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/admin/backup/create',
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ message: string }>().message).toMatch(/backup directory .* is not writable/);
      const status = (
        await broken.app.inject({ method: 'GET', url: '/api/admin/backup/status', headers: { cookie: admin } })
      ).json<BackupStatus>();
      expect(status.schedule.lastError).toMatch(/not writable/);
      const failed = await auditEvents('backup_failed');
      expect(failed.at(-1)?.details).toMatch(/manual backup: The backup directory .* is not writable/);
    } finally {
      await broken.app.close();
      await rm(blocker);
    }
  });
});
