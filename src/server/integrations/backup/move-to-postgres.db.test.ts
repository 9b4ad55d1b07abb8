import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '#server/db/client.ts';
import { insertUser } from '#test/factories.ts';
import { openPgliteDir } from '#test/pglite-dir.ts';
import { createTestDatabase, onPostgres } from '#test/test-db.ts';
import { fingerprints, seedBusinessData } from '#server/modules/backups/backups.test-helpers.ts';
import { moveFromPglite, moveLogically } from './move-to-postgres.ts';

// Needs a PostgreSQL server: runs in the PostgreSQL pass of the integration suite.
describe.runIf(onPostgres())('moving the embedded database to PostgreSQL (npm run db:move-to-postgres)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function emptyDatabase(): Promise<string> {
    const base = inject('pgTemplate')!;
    const name = `${base.prefix}move_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: base.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const u = new URL(base.url);
    u.pathname = `/${name}`;
    return u.toString();
  }

  it('a PGlite directory (before ADR 048) arrives whole, without psql: the same rows and checksums, sequences that go on', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'pglite-move-'));
    cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
    const dir = path.join(tmp, 'pglite');
    const source = await openPgliteDir(dir);
    try {
      await insertUser(source.db, { role: 'admin', username: 'owner' });
      await seedBusinessData(source.db, 20);
    } finally {
      await source.close();
    }
    // The move opens (and so writes to) the directory it is given: a copy, as importPgliteOnce does.
    cpSync(dir, `${dir}-copy`, { recursive: true });
    const url = await emptyDatabase();

    // No psql on the way: the script goes through node-postgres even when PATH has none.
    const pathBefore = process.env.PATH;
    process.env.PATH = '/nonexistent';
    const moved = await moveFromPglite(`${dir}-copy`, url).finally(() => (process.env.PATH = pathBefore));
    expect(moved.rows).toBeGreaterThan(60);
    const reopened = await openPgliteDir(dir);
    cleanups.push(() => reopened.close());

    const target = await openDb({ databaseUrl: url, poolSize: 2 });
    cleanups.push(() => target.close());
    expect(await fingerprints(target.db, [])).toEqual(await fingerprints(reopened.db, []));
    // New rows continue the ids (sequences came along).
    const next = await insertUser(target.db, { username: 'after-move' });
    const res = (await target.db.execute(sql`select max(id)::int as max from users`)) as unknown as {
      rows: { max: number }[];
    };
    expect(next.id).toBe(res.rows[0]!.max);
    expect(next.id).toBeGreaterThan(1);

    // A second move into a database that is not empty is refused.
    await expect(moveFromPglite(`${dir}-copy`, url)).rejects.toThrow(/not empty/);
  }, 400_000);

  it('moves a PostgreSQL database (the embedded engine) with the logical driver, into an empty one only', async () => {
    const source = await createTestDatabase();
    cleanups.push(() => source.close());
    await insertUser(source.db, { role: 'admin' });
    await seedBusinessData(source.db, 5);
    const target = await emptyDatabase();
    const moved = await moveLogically(source.url!, target);
    expect(moved.rows).toBeGreaterThan(10);
    const check = await openDb({ databaseUrl: target, poolSize: 2 });
    cleanups.push(() => check.close());
    expect(await fingerprints(check.db, [])).toEqual(await fingerprints(source.db, []));
    await expect(moveLogically(source.url!, target)).rejects.toThrow(/not empty/);
  }, 90_000);
});
