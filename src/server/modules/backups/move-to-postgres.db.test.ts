import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { insertUser } from '#test/factories.ts';
import { onPostgres } from '#test/test-db.ts';
import { fingerprints, seedBusinessData } from './backups.test-helpers.ts';
import { moveToPostgres } from './move-to-postgres.ts';

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

  it('arrives whole: the same rows and checksums in every table, sequences that go on', async () => {
    const source: Database = await openDb({ inMemory: true });
    cleanups.push(() => source.close());
    await runMigrations(source);
    await insertUser(source.db, { role: 'admin', username: 'owner' });
    await seedBusinessData(source.db, 20);
    const url = await emptyDatabase();

    const moved = await moveToPostgres(source, url);
    expect(moved.rows).toBeGreaterThan(60);

    const target = await openDb({ databaseUrl: url, poolSize: 2 });
    cleanups.push(() => target.close());
    expect(await fingerprints(target.db, [])).toEqual(await fingerprints(source.db, []));
    // New rows continue the ids (sequences came along).
    const next = await insertUser(target.db, { username: 'after-move' });
    const res = (await target.db.execute(sql`select max(id)::int as max from users`)) as unknown as {
      rows: { max: number }[];
    };
    expect(next.id).toBe(res.rows[0]!.max);
    expect(next.id).toBeGreaterThan(1);

    // A second move into a database that is not empty is refused.
    await expect(moveToPostgres(source, url)).rejects.toThrow(/not empty/);
  }, 120_000);
});
