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

interface SessionLike {
  logger: { logQuery(query: string, params: unknown[]): void };
  options: { logger?: { logQuery(query: string, params: unknown[]): void } };
}

/**
 * Runs `fn` and returns every statement it sent through drizzle, both drivers, transactions
 * included: read from drizzle's logger, since on PGlite a kept statement (ADR 043) does not go
 * through the instance's `query`.
 */
export async function captureQueries(database: Database, fn: () => Promise<unknown>): Promise<CapturedQuery[]> {
  const session = (database.db as unknown as { session: SessionLike }).session;
  const before = { logger: session.logger, options: session.options.logger };
  const captured: CapturedQuery[] = [];
  const logger = {
    logQuery(query: string, params: unknown[]) {
      captured.push({ sql: query, params });
      before.logger.logQuery(query, params);
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  try {
    await fn();
  } finally {
    session.logger = before.logger;
    session.options.logger = before.options;
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
