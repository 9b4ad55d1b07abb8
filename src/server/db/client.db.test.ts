import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDb, type Database } from './client.ts';

// ADR 042: PGlite's statements take turns with the event loop. PostgreSQL's pool has no such queue,
// so this runs once, on an in-memory PGlite, in the PGlite pass of the suite.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite turn-taking (ADR 042)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDb({ inMemory: true });
    await database.db.execute(sql`create table turns (id serial primary key, a text)`);
    await database.db.execute(sql`insert into turns (a) select md5(g::text) from generate_series(1, 2000) g`);
  });
  afterAll(() => database.close());

  const statement = (i: number) =>
    database.db.execute(sql`select count(*)::int as n, ${i}::int as i from turns where a like ${`%${i % 10}%`}`);

  it('timers fire while a long queue of statements is worked off, and the answers keep their order', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const finished: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_v, i) =>
        statement(i).then((r) => {
          finished.push(i);
          return (r as unknown as { rows: { i: number; n: number }[] }).rows[0]!;
        }),
      ),
    );
    clearInterval(timer);
    // Before ADR 042 the whole queue ran in one event-loop turn: not one tick.
    expect(ticks).toBeGreaterThan(10);
    expect(finished).toEqual(Array.from({ length: 200 }, (_v, i) => i));
    expect(answers.map((a) => a.i)).toEqual(Array.from({ length: 200 }, (_v, i) => i));
    expect(answers.every((a) => a.n > 0)).toBe(true);
  });

  it('a failed statement does not stop the ones queued behind it', async () => {
    const results = await Promise.allSettled([
      statement(1),
      database.db.execute(sql`select * from no_such_table`),
      statement(2),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('a transaction is one turn: statements queued after it wait for it and see its writes', async () => {
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into turns (a) values ('in-transaction')`);
      await t.execute(sql`insert into turns (a) values ('in-transaction')`);
    });
    const after = database.db.execute(sql`select count(*)::int as n from turns where a = 'in-transaction'`);
    await tx;
    expect(((await after) as unknown as { rows: { n: number }[] }).rows[0]).toEqual({ n: 2 });
  });
});
