// Issue 31 items 1 and 4 (ADR 050): damaged backups uploaded to and restored by the compiled
// server answer 422, change no data and never stop the process; an upload cut off midway too.
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContainer, writeContainer } from '#server/modules/backups/container.ts';
import { stopChild } from '../lib/cleanup.ts';
import { prepareBackend, STAFF, startServer, type PreparedBackend } from './app-server.ts';
import { createClient, login } from './http-client.ts';
import { backendsToRun, report } from './suite.ts';

describe.each(backendsToRun())('damaged backups on the compiled server on %s', (kind) => {
  let prepared: PreparedBackend;
  let work: string;
  beforeAll(async () => {
    prepared = await prepareBackend(kind, `restore-damage-${kind}`);
    work = await mkdtemp(path.join(os.tmpdir(), 'restore-damage-'));
  });
  afterAll(async () => {
    await prepared?.dispose();
    await rm(work, { recursive: true, force: true });
  });

  it('each is refused or rolled back: 422, the same data, the server serving', async () => {
    const server = await startServer(prepared);
    try {
      const client = createClient(server.baseUrl);
      const cookie = await login(client, STAFF.admin.username, STAFF.admin.password);
      const call = (method: string, p: string, body?: string | Buffer, type = 'application/json') =>
        client.send({ method, path: p, headers: { cookie, 'content-type': type }, body, timeoutMs: 120_000 });
      const created = await call('POST', '/api/admin/backup/create', '{}');
      expect(created.status, created.body).toBe(200);
      const file = path.join(
        prepared.filesEnv.BACKUP_DIR!,
        (JSON.parse(created.body) as { filename: string }).filename,
      );
      const { manifest, dump } = await readContainer(file);
      const member = readFileSync(file).subarray(dump.offset, dump.offset + dump.size);
      const state = async () => [(await call('GET', '/api/users')).body, (await call('GET', '/api/leads')).body];
      const before = await state();

      const flipped = Buffer.from(member);
      for (let i = Math.floor(flipped.length / 2); i < flipped.length - 8; i += 61) flipped[i] = flipped[i]! ^ 0x5a;
      const badGzip = gzipSync(Buffer.alloc(100_000, 'x'));
      badGzip.fill(0x41, 20, badGzip.length - 12);
      const cases: [string, Buffer, Record<string, unknown>?][] = [
        ['truncated', member.subarray(0, Math.floor(member.length * 0.6))],
        ['bit-flipped', flipped],
        ['corrupt gzip', badGzip],
        ['foreign gzip', gzipSync(Buffer.from('{"a":1}\nnot a database\n'))],
        ['newer app', member, { migrations: (manifest as { migrations: number }).migrations + 2 }],
      ];
      const outcomes: Record<string, string> = {};
      for (const [label, bytes, change] of cases) {
        const m: Record<string, unknown> = { ...(manifest as Record<string, unknown>), ...change };
        delete m.entrySha256; // as an older backup: the restore itself must catch the damage
        const memberFile = path.join(work, 'member');
        writeFileSync(memberFile, bytes);
        const out = path.join(work, `${label.replace(/\W/g, '-')}.tar`);
        await rm(out, { force: true });
        await writeContainer(out, m, { name: dump.name, path: memberFile, size: bytes.length }, new Date());
        const up = await call(
          'POST',
          `/api/admin/backup/upload?filename=${label.replace(/\W/g, '-')}.tar`,
          readFileSync(out),
          'application/octet-stream',
        );
        let status = up.status;
        let message = '';
        if (up.status === 200) {
          const name = (JSON.parse(up.body) as { filename: string }).filename;
          const res = await call('POST', '/api/admin/backup/restore', JSON.stringify({ filename: name }));
          status = res.status;
          message = res.body;
        }
        outcomes[label] = String(status);
        server.assertAlive(`after the ${label} backup`);
        expect((await client.send({ method: 'GET', path: '/api/health' })).status, label).toBe(200);
        expect(await state(), label).toEqual(before);
        expect(status, label).toBe(422);
        if (message) expect(message, label).toMatch(/Nothing was changed/);
      }

      // An upload whose connection drops halfway: the server lets it go and keeps serving.
      await new Promise<void>((resolve) => {
        const req = http.request(`${server.baseUrl}/api/admin/backup/upload?filename=cut.tar`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/octet-stream', 'content-length': String(10 * member.length) },
        });
        req.on('error', () => resolve());
        req.write(member, () => setTimeout(() => (req.destroy(), resolve()), 200));
      });
      server.assertAlive('after an upload cut off');
      expect((await client.send({ method: 'GET', path: '/api/health' })).status).toBe(200);
      report(`restore-damage-${kind}`, { outcomes });
      client.close();
    } finally {
      await stopChild(server.child);
    }
  });
});
