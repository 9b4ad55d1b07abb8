import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { firstResult, type BackendMessage } from './pglite-results.ts';

/**
 * Statements whose best plan depends on their values: the searches (a LIKE pattern on the search
 * text). Left to PostgreSQL's plan cache rule, a search switched to a generic plan, and a search for
 * a lead reference on 100,000 leads took 55.6 ms instead of 2.5 ms (ADR 043). PostgreSQL plans the
 * first five executions of a prepared statement for their values (plancache.c,
 * `choose_custom_plan`), so a search is prepared again after five: it is always planned for its
 * values and parsed once in five. Every other statement keeps its plan under PostgreSQL's own rule
 * (a generic plan once it costs no more than the custom ones, ADR 045).
 */
export const PLANNED_FOR_VALUES = /\bi?like\b/i;

/** PostgreSQL's count of custom plans before it may choose a generic one (plancache.c). */
const CUSTOM_PLANS = 5;

/**
 * Kept plans for PGlite (docs/decisions/043-pglite-kept-plans.md). PGlite's `query` sends every
 * statement as an unnamed one: PostgreSQL parses, analyses and plans it again each time, in
 * WebAssembly, and the planner reads the size of every table and index involved through the file
 * system (an `lseek` that Emscripten answers with an `fstat`). The app sends the same few dozen
 * statement texts over and over, so from a text's second use on it is parsed once under a name and
 * then only bound and executed, in one call into PostgreSQL instead of five. A search
 * (PLANNED_FOR_VALUES above) is prepared again every fifth use, so it is always planned for its
 * values. Results and errors are those of `query`: the same parsers, serializers and error objects.
 */
export function keptPlans(options: { capacity?: number } = {}) {
  const capacity = options.capacity ?? 200;
  /** Per instance (a restore replaces it): statement text -> its name and parameter types. */
  const byInstance = new WeakMap<PGlite, InstancePlans>();
  let sequence = 0;

  interface Kept {
    name: string;
    paramTypes: number[];
    /** A search (PLANNED_FOR_VALUES): executions left before PostgreSQL could choose a generic plan. */
    customPlansLeft?: number;
  }
  interface InstancePlans {
    /** Prepared statements, least recently used first. */
    kept: Map<string, Kept>;
    /** Texts seen once: prepared on their second use (one-off statements never are). */
    seen: Set<string>;
  }

  const plansOf = (pg: PGlite) => {
    let plans = byInstance.get(pg);
    if (!plans) {
      plans = { kept: new Map(), seen: new Set() };
      byInstance.set(pg, plans);
    }
    return plans;
  };

  const noSync = { syncToFs: false } as const;

  /** The statement under its name: prepared now if needed (evicting the least recently used). */
  async function prepare(pg: PGlite, plans: InstancePlans, text: string, paramTypes?: number[]): Promise<Kept> {
    const found = plans.kept.get(text);
    if (found) plans.kept.delete(text);
    if (found && found.customPlansLeft !== 0) {
      plans.kept.set(text, found);
      return found;
    }
    // A search after its fifth execution: prepared again, for five more custom plans.
    if (found) await pg.execProtocolStream(protocol.serialize.close({ type: 'S', name: found.name }), noSync);
    if (plans.kept.size >= capacity) {
      const [oldText, old] = plans.kept.entries().next().value as [string, Kept];
      plans.kept.delete(oldText);
      await pg.execProtocolStream(protocol.serialize.close({ type: 'S', name: old.name }), noSync);
    }
    const name = `kept_${++sequence}`;
    await pg.execProtocolStream(protocol.serialize.parse({ name, text, types: paramTypes }), noSync);
    const described = await pg.execProtocolStream(protocol.serialize.describe({ type: 'S', name }), noSync);
    const kept: Kept = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    if (PLANNED_FOR_VALUES.test(text)) kept.customPlansLeft = CUSTOM_PLANS;
    plans.kept.set(text, kept);
    return kept;
  }

  /** A statement whose plan PostgreSQL refused to reuse (the schema changed): run it fresh. */
  const isStale = (err: unknown) => {
    const code = (err as { code?: string }).code;
    return code === '0A000' || code === '26000';
  };

  /** A statement used once so far: parsed as the unnamed statement, as PGlite's `query` does. */
  async function unnamed(pg: PGlite, text: string, paramTypes?: number[]): Promise<Kept> {
    await pg.execProtocolStream(protocol.serialize.parse({ text, types: paramTypes }), noSync);
    const described = await pg.execProtocolStream(protocol.serialize.describe({ type: 'S' }), noSync);
    return { name: '', paramTypes: parse.parseDescribeStatementResults(described) };
  }

  /** One statement under its kept name, or (`plans` null) as the unnamed statement. */
  async function run<T>(
    pg: PGlite,
    plans: InstancePlans | null,
    text: string,
    params: unknown[],
    opts: QueryOptions | undefined,
    sync: boolean,
  ): Promise<Results<T>> {
    const messages: Awaited<ReturnType<PGlite['execProtocolStream']>> = [];
    try {
      const kept = plans ? await prepare(pg, plans, text, opts?.paramTypes) : await unnamed(pg, text, opts?.paramTypes);
      if (kept.customPlansLeft !== undefined) kept.customPlansLeft--;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const oid = kept.paramTypes[i]!;
        const serializer = opts?.serializers?.[oid] ?? pg.serializers[oid];
        return serializer ? serializer(value) : String(value);
      });
      const { serialize } = protocol;
      const call = concat([
        serialize.bind({ statement: kept.name, values: values as (string | null)[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      ]);
      messages.push(...(await pg.execProtocolStream(call, noSync)));
    } catch (err) {
      if (err instanceof protocol.messages.DatabaseError)
        Object.assign(err, { query: text, params, queryOptions: opts });
      throw err;
    } finally {
      messages.push(...(await pg.execProtocolStream(protocol.serialize.sync(), noSync)));
    }
    // As query does outside a transaction (a no-op on PGlite's Node.js and memory file systems).
    if (sync) await pg.syncToFs();
    return firstResult<T>(messages, pg.parsers, opts);
  }

  interface Exclusive {
    _checkReady(): Promise<void>;
    _runExclusiveTransaction<R>(fn: () => Promise<R>): Promise<R>;
    _runExclusiveQuery<R>(fn: () => Promise<R>): Promise<R>;
  }

  /**
   * One statement. On the root handle it takes PGlite's transaction and query locks, as `query`
   * does; inside a transaction (which holds the first) only the query lock, as `tx.query` does. A
   * text seen for the first time runs as the unnamed statement; from its second use on, kept.
   */
  async function keptQuery<T>(
    pg: PGlite,
    inTransaction: boolean,
    text: string,
    params: unknown[],
    opts: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const plans = plansOf(pg);
    const exclusive = pg as unknown as Exclusive;
    const locked = <R>(fn: () => Promise<R>) =>
      inTransaction
        ? exclusive._runExclusiveQuery(fn)
        : exclusive._runExclusiveTransaction(() => exclusive._runExclusiveQuery(fn));
    await exclusive._checkReady();
    if (!plans.kept.has(text) && !plans.seen.has(text)) {
      if (plans.seen.size >= capacity * 4) plans.seen.clear();
      plans.seen.add(text);
      return locked(() => run<T>(pg, null, text, params, opts, !inTransaction));
    }
    plans.seen.delete(text);
    try {
      return await locked(() => run<T>(pg, plans, text, params, opts, !inTransaction));
    } catch (err) {
      if (!isStale(err)) throw err;
      const kept = plans.kept.get(text);
      plans.kept.delete(text);
      if (kept)
        await locked(async () => {
          await pg.execProtocolStream(protocol.serialize.close({ type: 'S', name: kept.name }), noSync);
          await pg.execProtocolStream(protocol.serialize.sync(), noSync);
        });
      return locked(() => run<T>(pg, null, text, params, opts, !inTransaction));
    }
  }

  /**
   * A statement sent as simple-protocol text (BEGIN, COMMIT, ROLLBACK, `tx.exec`), under the query
   * lock: the messages, unparsed.
   */
  async function simple(pg: PGlite, text: string): Promise<BackendMessage[]> {
    return (pg as unknown as Exclusive)._runExclusiveQuery(async () => {
      const messages: BackendMessage[] = [];
      try {
        messages.push(...(await pg.execProtocolStream(protocol.serialize.query(text), noSync)));
      } catch (err) {
        if (err instanceof protocol.messages.DatabaseError) Object.assign(err, { query: text });
        throw err;
      } finally {
        messages.push(...(await pg.execProtocolStream(protocol.serialize.sync(), noSync)));
      }
      return messages;
    });
  }

  return {
    /** `pg.query(text, params, options)`, with the statement's plan kept from its second use on. */
    query<T>(pg: PGlite, text: string, params: unknown[] = [], opts?: QueryOptions): Promise<Results<T>> {
      if (opts?.blob) return pg.query<T>(text, params, opts);
      return keptQuery(pg, false, text, params, opts);
    },

    /**
     * `pg.transaction(fn)`, as PGlite runs it (BEGIN, the callback with a handle, COMMIT, or
     * ROLLBACK when it throws; the instance's transaction lock held throughout), whose handle's
     * `query` keeps plans too (the same names: one session). PGlite's own sends BEGIN and COMMIT
     * through `exec`, which reads their (empty) answers with parseResults and its copy of the 318
     * parsers: about 0.3 ms of every write transaction (ADR 047).
     */
    async transaction<T>(pg: PGlite, fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const exclusive = pg as unknown as Exclusive;
      await exclusive._checkReady();
      return exclusive._runExclusiveTransaction(async () => {
        await simple(pg, 'BEGIN');
        let closed = false;
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        const tx: Transaction = {
          query: <R>(text: string, params: unknown[] = [], opts?: QueryOptions) => {
            open();
            if (opts?.blob) throw new Error('A query with a blob cannot run inside this transaction');
            return keptQuery<R>(pg, true, text, params, opts);
          },
          sql: () => Promise.reject(new Error('tx.sql is not used here: use tx.query')),
          exec: async (text: string, opts?: QueryOptions) => {
            open();
            return parse.parseResults(await simple(pg, text), pg.parsers, opts);
          },
          rollback: async () => {
            open();
            await simple(pg, 'ROLLBACK');
            closed = true;
          },
          listen: () => Promise.reject(new Error('LISTEN inside a transaction is not used here')),
          get closed() {
            return closed;
          },
        };
        try {
          const result = await fn(tx);
          if (!closed) {
            closed = true;
            await simple(pg, 'COMMIT');
          }
          return result;
        } catch (err) {
          if (!closed) {
            closed = true;
            await simple(pg, 'ROLLBACK');
          }
          throw err;
        }
      });
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
