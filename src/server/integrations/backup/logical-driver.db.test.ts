import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb, type Database } from '#server/db/client.ts';
import { insertLead, insertUser } from '#test/factories.ts';
import { createTestDatabase, onPostgres } from '#test/test-db.ts';
import { fingerprints, seedBusinessData } from '#server/modules/backups/backups.test-helpers.ts';
import { compareCounts, countTables } from '#server/db/table-counts.ts';
import { createLogicalDriver, openLogicalDriver, serverVersionOf } from './logical-driver.ts';
import type { RestoreVerify } from './driver.ts';

/** Checks what the backups service checks: the counts of the snapshot. */
const sameCounts =
  (tables: Record<string, number>): RestoreVerify =>
  async (query) => {
    const problems = compareCounts(tables, (await countTables(query)).tables);
    if (problems.length) throw new Error(problems.join('; '));
  };

// The logical driver (ADR 050) needs a PostgreSQL server: it runs in the PostgreSQL pass.
describe.runIf(onPostgres())('logical backups: COPY per table in one snapshot, no external binary', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  const tmp = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'logical-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  const source = async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.close());
    await insertUser(db.db, { role: 'admin' });
    await seedBusinessData(db.db, 6);
    return db;
  };

  async function emptyDatabase(baseUrl: string): Promise<string> {
    const name = `logical_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    return u.toString();
  }

  it('round trip on the same database: every row, generated columns, sequences that go on', async () => {
    const db = await source();
    const driver = await openLogicalDriver(db.url!);
    expect(driver.databaseVersion).toMatch(/^pg\d+\.\d+/);
    const file = path.join(await tmp(), 'dump.gz');
    const counts = await driver.dump(file);
    expect(counts.tables.leads).toBe(6);
    expect(counts.migrations).toBeGreaterThan(10);
    const before = await fingerprints(db.db, []);
    await insertLead(db.db, { firstName: 'Later' });
    await driver.restore(file, driver.entryName, sameCounts(counts.tables));
    expect(await fingerprints(db.db, [])).toEqual(before);
    // Sequences were carried: a new row takes a fresh id.
    await insertLead(db.db, { firstName: 'After restore' });
    const found = await db.db.execute(`select search_text from leads where first_name = 'After restore'`);
    expect((found as unknown as { rows: { search_text: string }[] }).rows[0]!.search_text).toContain('after restore');
  }, 60_000);

  it('a failed check rolls everything back; the pool keeps serving', async () => {
    const db = await source();
    const driver = createLogicalDriver(db.url!, 'pg');
    const file = path.join(await tmp(), 'dump.gz');
    const counts = await driver.dump(file);
    await insertLead(db.db, { firstName: 'Must survive' });
    const before = await fingerprints(db.db, []);
    await expect(driver.restore(file, driver.entryName, sameCounts({ ...counts.tables, leads: 99 }))).rejects.toThrow(
      /the restored data failed its check: leads has 6 rows instead of 99/,
    );
    expect(await fingerprints(db.db, [])).toEqual(before);
  }, 60_000);

  it('restores on a fresh machine (an empty database) and, given TEST_NEWER_PG_URL, into a newer major', async () => {
    const db = await source();
    const driver = await openLogicalDriver(db.url!);
    const file = path.join(await tmp(), 'dump.gz');
    const counts = await driver.dump(file);
    const before = await fingerprints(db.db, []);
    const targets = [await emptyDatabase(inject('pgTemplate')!.url)];
    const newer = process.env.TEST_NEWER_PG_URL;
    if (newer) targets.push(await emptyDatabase(newer));
    for (const url of targets) {
      const target: Database = await openDb({ databaseUrl: url, poolSize: 2 });
      cleanups.push(() => target.close());
      await createLogicalDriver(url, await serverVersionOf(url)).restore(
        file,
        driver.entryName,
        sameCounts(counts.tables),
      );
      expect(await fingerprints(target.db, [])).toEqual(before);
    }
  }, 90_000);
});
