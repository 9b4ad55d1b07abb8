// Row counts of a database, as a backup's manifest records them: the backup drivers count inside
// their snapshot (integrations/backup), the backups module checks a restore against them.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Row counts per table of the public schema, plus the migrations applied (ADR 030). */
export interface TableCounts {
  tables: Record<string, number>;
  migrations: number;
}

export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Counts every table through `query`, which must run inside the snapshot being backed up. */
export async function countTables(query: Query): Promise<TableCounts> {
  const { rows } = await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const names = rows.map((r) => String(r.tablename));
  const tables: Record<string, number> = {};
  if (names.length) {
    const union = names.map(
      (n) => `select '${n.replace(/'/g, "''")}' as t, count(*)::int as n from public."${n.replace(/"/g, '""')}"`,
    );
    const counted = await query(union.join(' union all '));
    for (const r of counted.rows) tables[String(r.t)] = Number(r.n);
  }
  const m = await query(
    `select count(*)::int as n from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  let migrations = 0;
  if (Number(m.rows[0]?.n) > 0)
    migrations = Number((await query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n);
  return { tables, migrations };
}

/** The same counts through a drizzle handle. */
export const countTablesOf = (db: DbOrTx) =>
  countTables(async (text) => {
    const res = (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
    return { rows: res.rows };
  });

/** What differs between the backup's counts and the restored database's, in words; [] when equal. */
export function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected)) {
    if (!(table in actual)) problems.push(`table ${table} is missing`);
    else if (actual[table] !== n) problems.push(`${table} has ${actual[table]} rows instead of ${n}`);
  }
  return problems;
}
