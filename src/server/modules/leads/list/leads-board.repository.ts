import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { listWhere, type LeadListFilter } from './leads-list.repository.ts';

export interface BoardTotalRow {
  status: string;
  count: number;
  /** Sum of the quoted amount, else the budget, of the column's leads (a decimal string). */
  total: string;
  /** How many of them have neither (they add nothing to the total). */
  unpriced: number;
}

/**
 * Count and € total per status of the leads the list's search and filters keep, in one statement
 * (ADR 066): the total counts each lead's quoted amount, else its budget. Without a search it is an
 * index-only aggregate of leads_list_filter_idx, which carries the amounts (ADR 069).
 */
export async function boardTotals(db: DbOrTx, filter: LeadListFilter): Promise<BoardTotalRow[]> {
  const where = listWhere(filter);
  const result = await db.execute(sql`
    select ${leads.status} as status, count(*)::int as count,
      coalesce(sum(coalesce(${leads.quotedAmount}, ${leads.budget})), 0)::text as total,
      (count(*) filter (where ${leads.quotedAmount} is null and ${leads.budget} is null))::int as unpriced
    from ${leads} ${where ? sql`where ${where}` : sql``}
    group by ${leads.status}`);
  return (result as unknown as { rows: BoardTotalRow[] }).rows.map((r) => ({
    status: r.status,
    count: Number(r.count),
    total: String(r.total),
    unpriced: Number(r.unpriced),
  }));
}
