// Query plans for benchmarks: EXPLAIN ANALYZE each statement one call sent (captured with
// query-log.ts) with its own parameters, on a connection of our own to the same database.
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import type { CapturedQuery } from './query-log.ts';

export { captureQueries, type CapturedQuery } from './query-log.ts';

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, as text. */
export async function explainAll(database: Database, queries: CapturedQuery[]): Promise<string[]> {
  if (!database.url) throw new Error('EXPLAIN needs the database URL');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const plans: string[] = [];
    for (const q of queries) {
      // A transaction's own statements (begin, set local, commit) are run as sent, so the
      // statements between them are planned with the same settings.
      if (/^\s*(begin|set|commit|rollback|savepoint|release)\b/i.test(q.sql)) {
        await client.query(q.sql, q.params);
        continue;
      }
      const res = await client.query<Record<string, unknown>>(`explain (analyze, buffers) ${q.sql}`, q.params);
      plans.push(`${q.sql}\n${res.rows.map((r) => String(Object.values(r)[0])).join('\n')}`);
    }
    return plans;
  } finally {
    await client.end();
  }
}
