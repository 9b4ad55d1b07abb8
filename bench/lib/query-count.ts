// Counts the SQL statements a piece of work sends through Drizzle (a benchmark's "queries per call").
// Drizzle's logger sees every statement of the root session and of transactions (they reuse its
// options); PGlite's BEGIN/COMMIT bypass the logger, so a transaction is counted as two more.
import type { Db } from '#server/db/client.ts';

interface SessionLike {
  logger: { logQuery(query: string, params: unknown[]): void };
  options: { logger?: { logQuery(query: string, params: unknown[]): void } };
  transaction: (...args: unknown[]) => Promise<unknown>;
}

export interface QueryCounter {
  /** Statements seen while `fn` ran (other work running at the same time is counted too). */
  during<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
  total(): number;
}

export function countQueries(db: Db, kind: 'pglite' | 'postgres'): QueryCounter {
  const session = (db as unknown as { session: SessionLike }).session;
  let log: string[] = [];
  let total = 0;
  const logger = {
    logQuery(query: string) {
      total++;
      log.push(query.replace(/\s+/g, ' ').slice(0, 160));
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  if (kind === 'pglite') {
    const original = session.transaction.bind(session);
    session.transaction = async (...args: unknown[]) => {
      logger.logQuery('begin');
      const out = await original(...args);
      logger.logQuery('commit');
      return out;
    };
  }
  return {
    async during(fn) {
      log = [];
      const result = await fn();
      const queries = log;
      log = [];
      return { result, queries };
    },
    total: () => total,
  };
}
