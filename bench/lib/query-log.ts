// Every statement drizzle sends, seen through drizzle's public `logger` option: a benchmark opens
// its database with `openDb({ ..., logger: queryLog })`, then captures or counts what a piece of
// work sends (transactions included: drizzle hands their statements to the same logger).
import type { Logger } from 'drizzle-orm';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

type Sink = (query: CapturedQuery) => void;

class QueryLog implements Logger {
  readonly #sinks = new Set<Sink>();

  logQuery(sql: string, params: unknown[]): void {
    for (const sink of this.#sinks) sink({ sql, params });
  }

  /** Calls `sink` with every statement until the returned function is called. */
  listen(sink: Sink): () => void {
    this.#sinks.add(sink);
    return () => void this.#sinks.delete(sink);
  }
}

/** Pass as `logger` to openDb; statements of databases opened without it are not seen. */
export const queryLog = new QueryLog();

/** Runs `fn` and returns every statement sent meanwhile (other work running at the same time too). */
export async function captureQueries(fn: () => Promise<unknown>): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const stop = queryLog.listen((q) => captured.push(q));
  try {
    await fn();
  } finally {
    stop();
  }
  return captured;
}
