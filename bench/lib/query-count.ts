// Counts the SQL statements a piece of work sends through drizzle (a benchmark's "queries per
// call"), read from query-log.ts: the database must be opened with `logger: queryLog`.
import { queryLog } from './query-log.ts';

export interface QueryCounter {
  /** Statements seen while `fn` ran (other work running at the same time is counted too). */
  during<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
  total(): number;
}

/** Starts counting every statement from now on. */
export function countQueries(): QueryCounter {
  let log: string[] = [];
  let total = 0;
  queryLog.listen(({ sql }) => {
    total++;
    log.push(sql.replace(/\s+/g, ' ').slice(0, 160));
  });
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
