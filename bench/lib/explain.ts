// Query plans for benchmarks: record the statements one call sends, then EXPLAIN ANALYZE each of
// them with its own parameters, on PGlite or PostgreSQL alike.
import type { Database } from '#server/db/client.ts';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

interface Queryable {
  query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

// PGlite: the instance itself (drizzle's client is a proxy in front of it that follows a restore,
// and a method replaced on that proxy would never be called).
const clientOf = (database: Database) =>
  (database.pglite as unknown as Queryable | undefined) ?? (database.db as unknown as { $client: Queryable }).$client;

/** Runs `fn` and returns every statement it sent to the database (drizzle's client, both drivers). */
export async function captureQueries(database: Database, fn: () => Promise<unknown>): Promise<CapturedQuery[]> {
  const client = clientOf(database);
  const original = client.query;
  const captured: CapturedQuery[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [q, params] = args;
    const text = typeof q === 'string' ? q : (q as { text: string }).text;
    captured.push({ sql: text, params: (params as unknown[] | undefined) ?? [] });
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return captured;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, as text. */
export async function explainAll(database: Database, queries: CapturedQuery[]): Promise<string[]> {
  const client = clientOf(database);
  const plans: string[] = [];
  for (const q of queries) {
    const res = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params);
    plans.push(`${q.sql}\n${res.rows.map((r) => String(Object.values(r)[0])).join('\n')}`);
  }
  return plans;
}
