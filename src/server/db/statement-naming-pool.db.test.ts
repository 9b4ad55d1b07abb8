import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './client.ts';
import { MAX_NAMED, named, StatementNamingPool } from './statement-naming-pool.ts';
import { createTestDatabase } from '#test/test-db.ts';

type Queryable = { query: (text: string) => Promise<{ rows: { name: string; statement: string }[] }> };
/** The named statements of the connection `on` runs on. */
const preparedOn = async (on: Queryable) =>
  (await on.query('select name, statement from pg_prepared_statements order by name')).rows;

describe('StatementNamingPool', () => {
  let database: Database;
  let naming: StatementNamingPool;
  // pg's own Pool type for the calls: the class types them loosely (every overload at once).
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection, so every statement and the check below meet on it.
    pool = naming = new StatementNamingPool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await database.close();
  });

  it('runs a marked text as a named statement, with the same answers every time', async () => {
    const text = '/* named:probe */ select $1::int + 1 as n';
    for (let i = 1; i <= 8; i++) {
      const { rows } = await pool.query({ text, values: [i] });
      expect(rows).toEqual([{ n: i + 1 }]);
    }
    expect(await preparedOn(pool)).toEqual([{ name: 'probe_1', statement: text }]);
    expect(naming.namedCount).toBe(1);
  });

  it('leaves unmarked texts unnamed, however often they run', async () => {
    const text = 'select $1::text as plain';
    for (let i = 1; i <= 8; i++) await pool.query({ text, values: [`v${i}`] });
    expect((await preparedOn(pool)).map((p) => p.statement)).not.toContain(text);
  });

  it('never names a statement inside a transaction (it runs on the transaction’s own client)', async () => {
    const text = '/* named:probe */ select $1::int * 2 as twice';
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (let i = 1; i <= 6; i++) expect((await client.query({ text, values: [i] })).rows).toEqual([{ twice: i * 2 }]);
      expect((await preparedOn(client)).map((p) => p.statement)).not.toContain(text);
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('keeps named statements working when their table is dropped and made again, as a restore does', async () => {
    const { db } = database;
    await db.execute(sql`create table naming_probe (a int, b text)`);
    await db.execute(sql`insert into naming_probe values (1, 'before')`);
    const read = async () =>
      (
        (await db.execute(named('probe', sql`select b from naming_probe where a = ${1}`))) as unknown as {
          rows: { b: string }[];
        }
      ).rows;
    // Past five runs, so PostgreSQL may have moved the statement to a kept (generic) plan.
    for (let i = 0; i < 8; i++) expect(await read()).toEqual([{ b: 'before' }]);
    await db.execute(sql`drop table naming_probe`);
    await db.execute(sql`create table naming_probe (a int, b text)`);
    await db.execute(sql`insert into naming_probe values (1, 'after')`);
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ b: 'after' }]);
  });

  it(`names at most ${MAX_NAMED} texts; later ones run unnamed and still answer`, async () => {
    const naming = new StatementNamingPool({ connectionString: database.url, max: 1 });
    const own: pg.Pool = naming;
    try {
      const text = (t: number) => `/* named:probe */ select ${t}::int as t, $1::int as i`;
      for (let t = 0; t <= MAX_NAMED; t++) await own.query({ text: text(t), values: [t] });
      expect(naming.namedCount).toBe(MAX_NAMED);
      const last = text(MAX_NAMED);
      expect((await own.query({ text: last, values: [7] })).rows).toEqual([{ t: MAX_NAMED, i: 7 }]);
      const prepared = await preparedOn(own);
      expect(prepared).toHaveLength(MAX_NAMED);
      expect(prepared.map((p) => p.statement)).not.toContain(last);
    } finally {
      await own.end();
    }
  });

  it('refuses a label that would not make a plain statement name', () => {
    expect(() => named('Leads list', sql`select 1`)).toThrow(/lower case/);
  });
});
