import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse, PGlite, protocol, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDb, type Database } from './client.ts';
import { keptPlans, PLANNED_FOR_VALUES } from './kept-plans.ts';
import { firstResult } from './pglite-results.ts';

// ADR 043: PGlite keeps the plans of statements it has seen before. PostgreSQL's pool is not
// involved, so this runs once, on in-memory PGlite, in the PGlite pass of the suite.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite kept plans (ADR 043)', () => {
  let pg: PGlite;
  const plans = keptPlans({ capacity: 2 });
  const kept = async () =>
    (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`create table notes (id serial primary key, body text not null unique, at timestamptz,
      data jsonb, amount numeric(10,2), flag boolean)`);
  });
  afterAll(() => pg.close());

  const insert = 'insert into notes (body, at, data, amount, flag) values ($1, $2, $3, $4, $5) returning *';
  const select = 'select id, body, at, data, amount, flag from notes where body = $1';

  it('answers exactly as query does, from the second use on under a kept name', async () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    const first = await plans.query(pg, insert, ['a', at, { k: [1, 'x'] }, '12.50', true]);
    expect(await kept()).toBe(0);
    const second = await plans.query(pg, insert, ['b', null, null, null, null]);
    expect(await kept()).toBe(1);
    const third = await plans.query(pg, insert, ['c', at, { k: null }, 3, false]);
    expect(first.rows[0]).toMatchObject({ body: 'a', at, data: { k: [1, 'x'] }, amount: '12.50', flag: true });
    expect(second.rows[0]).toMatchObject({ body: 'b', at: null, data: null, amount: null, flag: null });
    expect(third.rows[0]).toMatchObject({ body: 'c', at, data: { k: null }, amount: '3.00', flag: false });
    expect(third.affectedRows).toBe(1);
    expect(third.fields.map((f) => f.name)).toEqual(['id', 'body', 'at', 'data', 'amount', 'flag']);

    for (const body of ['a', 'c', 'a']) {
      const viaKept = await plans.query(pg, select, [body]);
      const viaQuery = await pg.query(select, [body]);
      expect(viaKept.rows).toEqual(viaQuery.rows);
      expect(viaKept.fields).toEqual(viaQuery.fields);
    }
    // Drizzle's array rows and its own parsers pass through.
    const arrays = await plans.query(pg, select, ['a'], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows[0]).toEqual([1, 'a', '2026-11-26 10:00:00+00', { k: [1, 'x'] }, '12.50', true]);
  });

  it("reads a statement's messages exactly as PGlite's parseResults does", async () => {
    const statements = [
      `select 1::int as i, 'x'::text as t, null::text as n, now() as at, '{"a":[1]}'::jsonb as j,
        2.5::numeric as d, true as b, array[1,2]::int[] as arr, 9007199254740993::bigint as big, 'x'::bytea as raw`,
      'select * from notes order by id',
      'select * from notes where false',
      "update notes set flag = not coalesce(flag, false) where body <> 'zzz'",
      "insert into notes (body) values ('parse-check') returning id, body",
      "delete from notes where body = 'parse-check'",
      'create temporary table parse_check (x int)',
    ];
    const optionSets: (QueryOptions | undefined)[] = [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers: { 1184: (v: string) => `at ${v}`, 23: (v: string) => Number(v) * 10 } },
      { parsers: { 25: (v: string) => v.toUpperCase() } },
    ];
    for (const text of statements) {
      await pg.query('begin');
      const messages = await pg.execProtocolStream(protocol.serialize.query(text));
      await pg.query('rollback');
      for (const opts of optionSets) {
        const expected = parse.parseResults(messages, pg.parsers, opts)[0];
        expect(firstResult(messages, pg.parsers, opts), `${text} ${JSON.stringify(opts)}`).toEqual(expected);
      }
    }
    expect(firstResult([], pg.parsers)).toEqual(parse.parseResults([], pg.parsers)[0]);
  });

  it('a search (a LIKE pattern) is always planned for its values: prepared again every fifth use', async () => {
    const search = 'select body from notes where body like $1 order by body';
    const point = 'select body from notes where id = $1';
    for (let i = 0; i < 8; i++) {
      expect((await plans.query(pg, search, ['%a%'])).rows).toEqual((await pg.query(search, ['%a%'])).rows);
      expect((await plans.query(pg, search, ['c'])).rows).toEqual([{ body: 'c' }]);
      await plans.query(pg, point, [1]);
    }
    const { rows } = await pg.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      'select statement, generic_plans::int, custom_plans::int from pg_prepared_statements',
    );
    // 16 executions of the search, none on a generic plan: its statement is at most 5 custom plans old.
    const searches = rows.filter((r) => r.statement === search);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.generic_plans).toBe(0);
    expect(searches[0]!.custom_plans).toBeLessThanOrEqual(5);
    // The point lookup stays kept, and after five custom plans PostgreSQL settled on the generic one.
    expect(rows.find((r) => r.statement === point)?.generic_plans).toBeGreaterThan(0);
    expect(['x like $1', 'a ILIKE b', 'LIKE'].every((t) => PLANNED_FOR_VALUES.test(t))).toBe(true);
    expect(['likely', 'unlike', 'like_count', 'select 1'].some((t) => PLANNED_FOR_VALUES.test(t))).toBe(false);
  });

  it('a failing kept statement throws the database error and the next call works', async () => {
    const err = await plans.query(pg, insert, ['a', null, null, null, null]).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert });
    const bad = await plans.query(pg, select, [null]).then((r) => r.rows);
    expect(bad).toEqual([]);
    expect((await plans.query(pg, select, ['b'])).rows).toHaveLength(1);
  });

  it('a failing statement used for the first time throws the database error with its text', async () => {
    const text = 'select 1 / $1::int as n';
    expect(await plans.query(pg, text, [0]).catch((e: unknown) => e)).toMatchObject({ code: '22012', query: text });
    expect((await plans.query<{ n: number }>(pg, text, [1])).rows).toEqual([{ n: 1 }]);
  });

  it("runs a transaction as PGlite's does: commits, rolls back on a throw or when asked, then is closed", async () => {
    const count = async () => (await pg.query<{ n: number }>('select count(*)::int as n from tx_rows')).rows[0]!.n;
    await pg.exec('create table tx_rows (id int primary key)');
    const add = 'insert into tx_rows (id) values ($1)';
    const own = vi.spyOn(pg, 'transaction');

    const answer = await plans.transaction(pg, async (tx) => {
      for (const id of [1, 2, 3]) await tx.query(add, [id]);
      expect((await tx.query<{ n: number }>('select count(*)::int as n from tx_rows')).rows[0]!.n).toBe(3);
      const exec = await tx.exec('insert into tx_rows (id) values (4); select max(id) as top from tx_rows');
      expect(exec.map((r) => r.rows)).toEqual([[], [{ top: 4 }]]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await count()).toBe(4);

    const failed = await plans
      .transaction(pg, async (tx) => {
        await tx.query(add, [5]);
        await tx.query(add, [1]); // duplicate key
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505', query: add });
    expect(await count()).toBe(4);

    let handle: Parameters<Parameters<typeof plans.transaction>[1]>[0] | undefined;
    await plans.transaction(pg, async (tx) => {
      handle = tx;
      await tx.query(add, [6]);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    expect(await count()).toBe(4);
    expect(() => handle!.query(add, [7])).toThrow('Transaction is closed');

    // The instance is free again and in no transaction: a statement outside commits on its own.
    await plans.query(pg, add, [8]);
    expect(await count()).toBe(5);
    expect(own).not.toHaveBeenCalled();
    own.mockRestore();
  });

  it('keeps at most its capacity and forgets the least recently used', async () => {
    const texts = [1, 2, 3].map((i) => `select ${i}::int + $1::int as n`);
    for (let round = 0; round < 3; round++)
      for (const [i, text] of texts.entries())
        expect((await plans.query<{ n: number }>(pg, text, [10])).rows[0]!.n).toBe(11 + i);
    expect(await kept()).toBe(2);
  });

  it('a kept statement whose table changed shape is run afresh', async () => {
    const star = 'select * from notes where id = $1';
    await plans.query(pg, star, [1]);
    await plans.query(pg, star, [1]);
    await pg.exec('alter table notes add column extra text');
    const after = await plans.query<Record<string, unknown>>(pg, star, [1]);
    expect(after.rows[0]).toHaveProperty('extra', null);
    expect((await plans.query<Record<string, unknown>>(pg, star, [1])).rows[0]).toHaveProperty('extra', null);
  });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('the app database keeps plans (ADR 043)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDb({ inMemory: true });
  });
  afterAll(() => database.close());

  it("runs with PostgreSQL's own plan cache rule: kept statements go generic once no worse (ADR 045)", async () => {
    const mode = await database.pglite!.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(mode.rows[0]!.plan_cache_mode).toBe('auto');
  });

  it('a statement repeated through drizzle runs under a kept name', async () => {
    const names = async () =>
      (
        (await database.pglite!.query<{ statement: string }>('select statement from pg_prepared_statements')).rows as {
          statement: string;
        }[]
      ).map((r) => r.statement);
    for (let i = 0; i < 3; i++)
      expect(await database.db.execute(sql`select ${i}::int as i, 'kept-plan-probe' as probe`)).toMatchObject({
        rows: [{ i, probe: 'kept-plan-probe' }],
      });
    expect((await names()).some((s) => s.includes('kept-plan-probe'))).toBe(true);
  });

  it('inside a transaction too: kept statements commit and roll back with it', async () => {
    await database.db.execute(sql`create table kept_tx (id int primary key)`);
    const add = (tx: Pick<Database['db'], 'execute'>, id: number) =>
      tx.execute(sql`insert into kept_tx (id) values (${id})`);
    await database.db.transaction(async (tx) => {
      for (const id of [1, 2, 3]) await add(tx, id);
    });
    const failed = await database.db
      .transaction(async (tx) => {
        for (const id of [4, 5]) await add(tx, id);
        await add(tx, 1); // duplicate key: the whole transaction rolls back
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ cause: { code: '23505' } });
    await database.db
      .transaction(async (tx) => {
        await add(tx, 6);
        tx.rollback();
      })
      .catch(() => undefined);
    const rows = await database.db.execute(sql`select id from kept_tx order by id`);
    expect((rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(
      (
        await database.pglite!.query<{ n: number }>(
          `select count(*)::int as n from pg_prepared_statements where statement like 'insert into kept_tx%'`,
        )
      ).rows[0]!.n,
    ).toBe(1);
  });
});
