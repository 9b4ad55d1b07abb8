import { and, desc, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { leads } from '#server/db/schema/leads.ts';
import type { EmailSource, LeadStatus } from '#shared/leads/status.ts';
import { leadListColumns, leadRowColumns, seenBy } from '../leads.repository.ts';

/** What the list keeps (ADR 012). `null` means "no such filter"; an empty list matches nothing. */
export interface LeadListFilter {
  /** An escaped LIKE pattern ('%term%') matched case-insensitively on search_text, or null without a search. */
  pattern: string | null;
  statuses: readonly LeadStatus[] | null;
  sources: readonly EmailSource[] | null;
  /** Late-only: a lead is late when its last interaction is at or before its group's instant. */
  late: readonly LateCutoff[] | null;
}

export interface LateCutoff {
  statuses: readonly LeadStatus[];
  before: Date;
}

/** Position in the list order (starred desc, last_interaction_at desc, id desc). */
export interface ListKey {
  starred: boolean;
  /** The exact instant, microseconds included, as 'YYYY-MM-DDTHH:MM:SS.ffffffZ'. */
  lastInteractionAt: string;
  id: number;
}

const listOrder = [desc(leads.starred), desc(leads.lastInteractionAt), desc(leads.id)];

// Microsecond text of last_interaction_at: a JavaScript Date would cut it to milliseconds and the
// next page would start before the row it should follow.
const exactLastInteraction = sql<string>`to_char(${leads.lastInteractionAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// search_text is lower() of the fields, so LIKE on lower() of the pattern is ILIKE's match (the same
// lower() folds both sides) and checks each trigram-index candidate about a third faster.
const searchCondition = (pattern: string): SQL => sql`${leads.searchText} like lower(${pattern})`;
const statusCondition = (statuses: readonly LeadStatus[]): SQL => inArray(leads.status, [...statuses]);
const sourceCondition = (sources: readonly EmailSource[]): SQL => inArray(leads.emailSource, [...sources]);
const lateCondition = (cutoffs: readonly LateCutoff[]): SQL =>
  or(...cutoffs.map((c) => and(inArray(leads.status, [...c.statuses]), lte(leads.lastInteractionAt, c.before))))!;

/** The filters alone (status, source, late), without the search. */
function filterConditions(filter: LeadListFilter): SQL[] {
  const out: SQL[] = [];
  if (filter.statuses) out.push(statusCondition(filter.statuses));
  if (filter.sources) out.push(sourceCondition(filter.sources));
  if (filter.late) out.push(lateCondition(filter.late));
  return out;
}

// A row comparison in the order's direction: the btree on (starred, last_interaction_at, id) serves it.
const afterCondition = (after: ListKey): SQL =>
  sql`(${leads.starred}, ${leads.lastInteractionAt}, ${leads.id}) < (${after.starred}::boolean, ${after.lastInteractionAt}::timestamptz, ${after.id}::integer)`;

function whereOf(filter: LeadListFilter, after: ListKey | null): SQL | undefined {
  const parts = filterConditions(filter);
  if (filter.pattern !== null) parts.unshift(searchCondition(filter.pattern));
  if (after) parts.push(afterCondition(after));
  return parts.length ? and(...parts) : undefined;
}

/** A selected row without its exact-instant column, and its list key. */
function keyed<R extends { starred: boolean; id: number; exactLastInteraction: string }>({
  exactLastInteraction,
  ...row
}: R) {
  return { row, key: { starred: row.starred, lastInteractionAt: exactLastInteraction, id: row.id } satisfies ListKey };
}

/**
 * One page of list rows after `after`, with the key of each row. A search first walks
 * leads_list_walk_idx for the page's ids (every column it tests is in that index, so the rows it
 * skips are never read), then reads those rows.
 */
export async function listPage(
  db: DbOrTx,
  userId: number,
  filter: LeadListFilter,
  after: ListKey | null,
  limit: number,
) {
  if (filter.pattern !== null) {
    const ids = await db
      .select({ id: leads.id })
      .from(leads)
      .where(whereOf(filter, after))
      .orderBy(...listOrder)
      .limit(limit);
    return rowsByIds(
      db,
      userId,
      ids.map((r) => r.id),
    );
  }
  const rows = await db
    .select({ ...leadListColumns(userId), exactLastInteraction })
    .from(leads)
    .where(whereOf(filter, after))
    .orderBy(...listOrder)
    .limit(limit);
  return rows.map(keyed);
}

/** Full list rows of the given ids, in list order. */
async function rowsByIds(db: DbOrTx, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...leadListColumns(userId), exactLastInteraction })
    .from(leads)
    .where(inArray(leads.id, ids))
    .orderBy(...listOrder);
  return rows.map(keyed);
}

/** The export's columns: list order, no per-user `seen`. */
export async function exportBatch(db: DbOrTx, filter: LeadListFilter, after: ListKey | null, limit: number) {
  const rows = await db
    .select({ ...leadRowColumns, exactLastInteraction })
    .from(leads)
    .where(whereOf(filter, after))
    .orderBy(...listOrder)
    .limit(limit);
  return rows.map(keyed);
}
export type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number]['row'];

/** Leads matching search and filters. */
export async function countMatches(db: DbOrTx, filter: LeadListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(whereOf(filter, null));
  return Number(row?.n ?? 0);
}

export interface SearchCounts {
  /** Matches of search and filters. */
  total: number;
  /** Matches of the search alone. */
  matches: number;
  byStatus: number;
  bySource: number;
  byLate: number;
}

/** The counting columns of a search: FILTER clauses over its matches (one pass, trigram index). */
function searchCountColumns(filter: LeadListFilter) {
  const all = filterConditions(filter);
  const shown = all.length ? and(...all)! : sql`true`;
  const excludedBy = (cond: SQL | null) => (cond ? sql`(count(*) filter (where not (${cond})))::int` : sql`0`);
  const columns = sql`(count(*) filter (where ${shown}))::int as total, count(*)::int as matches,
    ${excludedBy(filter.statuses ? statusCondition(filter.statuses) : null)} as by_status,
    ${excludedBy(filter.sources ? sourceCondition(filter.sources) : null)} as by_source,
    ${excludedBy(filter.late ? lateCondition(filter.late) : null)} as by_late`;
  return { shown, columns };
}

type CountRow = { total: number; matches: number; by_status: number; by_source: number; by_late: number };
const toCounts = (row: CountRow): SearchCounts => ({
  total: Number(row.total),
  matches: Number(row.matches),
  byStatus: Number(row.by_status),
  bySource: Number(row.by_source),
  byLate: Number(row.by_late),
});
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A search's counts: the filtered total, and for each filter the matches it excludes, over at most
 * `cap + 1` matches (`capped` when there were more: the counts are then lower bounds). Counting
 * every match of a common word ('bmw': a sixth of the leads) would read most of the table.
 */
export async function countSearch(
  db: DbOrTx,
  filter: LeadListFilter & { pattern: string },
  cap: number,
): Promise<SearchCounts & { capped: boolean }> {
  const { columns } = searchCountColumns(filter);
  const matches = sql`select ${leads.status}, ${leads.emailSource}, ${leads.lastInteractionAt} from ${leads} where ${searchCondition(filter.pattern)} limit ${cap + 1}`;
  const result = await db.execute(sql`select ${columns} from (${matches}) as leads`);
  const counts = toCounts(rowsOf<CountRow>(result)[0]!);
  return { ...counts, capped: counts.matches > cap };
}

/**
 * 'Mark all as read' in one statement: counts the leads this user has not seen that the new
 * watermark covers (created at or before `now`), and moves the watermark to `now` (never back).
 * Both parts of the statement read the same snapshot, so the count is of the state before.
 */
export async function markAllSeen(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with moved as (
      update ${users} set leads_seen_before = greatest(coalesce(leads_seen_before, '-infinity'::timestamptz), ${now.toISOString()}::timestamptz)
      where id = ${userId}
      returning id
    )
    select count(*)::int as n from ${leads}
    where ${leads.createdAt} <= ${now.toISOString()}::timestamptz and not ${seenBy(userId)} and exists (select 1 from moved)`);
  const rows = (result as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}
