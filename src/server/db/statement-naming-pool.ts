import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/** At most this many marked texts get a name per pool, so per database connection (ADR 073). */
export const MAX_NAMED = 256;
const MARK = /^\/\* named:([a-z][a-z0-9_]*) \*\/ /;

/**
 * Marks a statement the app runs on every call of a screen (the leads list, a lead's detail) to
 * run as a named prepared statement through StatementNamingPool (ADR 073). Only statements whose
 * best plan does not depend on their values: a search's plan depends on its pattern, and a generic
 * plan made it 20 times slower (ADR 043), so searches are never marked.
 */
export function named(label: string, query: SQL): SQL {
  if (!/^[a-z][a-z0-9_]*$/.test(label)) throw new Error(`a statement label is lower case words: ${label}`);
  return sql`${sql.raw(`/* named:${label} */ `)}${query}`;
}

/**
 * A pg.Pool that sends the statements marked with named() as named prepared statements
 * (node-postgres's public `name` in a query config; ADR 073). PostgreSQL then parses each once per
 * connection and, after five runs, keeps its plan when it is no dearer, instead of parsing and
 * planning it on every call, which was most of the database's work for the leads list and detail
 * (bench/README.md, "The app against pgbench").
 *
 * Each distinct marked text gets its own name (`<label>_<n>`), so a connection never sees one name
 * with two texts; once MAX_NAMED texts have names, others run unnamed. Statements inside a
 * transaction run on the transaction's own client and are never named here; drizzle's own
 * `.prepare(name)` passes through unchanged.
 */
export class StatementNamingPool extends pg.Pool {
  readonly #names = new Map<string, string>();

  /** How many texts have a name (tests and benchmarks). */
  get namedCount(): number {
    return this.#names.size;
  }

  // Every overload of pg.Pool.query: a marked query config gets a name, the rest passes as is.
  override query(...args: unknown[]): never {
    const base = super.query as (...a: unknown[]) => never;
    return base.apply(this, [this.#withName(args[0]), ...args.slice(1)]);
  }

  #withName(first: unknown): unknown {
    if (!first || typeof first !== 'object' || 'submit' in first) return first;
    const config = first as pg.QueryConfig;
    if (config.name || typeof config.text !== 'string') return first;
    const mark = MARK.exec(config.text);
    if (!mark) return first;
    let name = this.#names.get(config.text);
    if (!name && this.#names.size < MAX_NAMED) {
      name = `${mark[1]}_${this.#names.size + 1}`;
      this.#names.set(config.text, name);
    }
    return name ? { ...config, name } : first;
  }
}
