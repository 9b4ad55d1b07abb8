import { and, desc, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { named } from '#server/db/statement-naming-pool.ts';
import { users } from '#server/db/schema/auth.ts';
import { leads } from '#server/db/schema/leads.ts';
import type { EmailSource, LeadStatus } from '#shared/leads/status.ts';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { leadRowColumns, nextTaskJson, seenBy } from '../leads.repository.ts';

/** What the list keeps (ADR 012). `null` means "no such filter"; an empty list matches nothing. */
export interface LeadListFilter {
  /** An escaped LIKE pattern ('%term%') matched case-insensitively on search_text, or null without a search. */
  pattern: string | null;
  statuses: readonly LeadStatus[] | null;
  sources: readonly EmailSource[] | null;
  /** Late-only: a lead is late when its last interaction is at or before its group's instant. */
  late: readonly LateCutoff[] | null;
  /** Owner (ADR 065): a user's id, 'none' for unassigned leads, or null for any. */
  owner?: number | 'none' | null;
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
  if (filter.owner === 'none') out.push(sql`${leads.assignedTo} is null`);
  else if (typeof filter.owner === 'number') out.push(sql`${leads.assignedTo} = ${filter.owner}::int`);
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

/** The search and filters of the list as one condition (the pipeline board's totals use it, ADR 066). */
export const listWhere = (filter: LeadListFilter): SQL | undefined => whereOf(filter, null);

/** A selected row without its exact-instant column, and its list key. */
function keyed<R extends { starred: boolean; id: number; exactLastInteraction: string }>({
  exactLastInteraction,
  ...row
}: R) {
  return { row, key: { starred: row.starred, lastInteractionAt: exactLastInteraction, id: row.id } satisfies ListKey };
}

/**
 * A list row as the database hands it over inside the page's JSON: the API's field names, the
 * instants as UTC timestamps without zone ("2026-11-20T12:00:00.123456", trailing zeros dropped),
 * so the exact microseconds of the cursor survive.
 */
type JsonListRow = Omit<LeadListItem, 'lastInteractionAt' | 'createdAt'> & { k: string; c: string };

/** The list columns under the API's names, each instant as a UTC timestamp (see JsonListRow). */
function buildJsonListColumns(userId: number): SQL {
  // The export's columns (leadRowColumns), with the instants and the budget as JSON needs them.
  const { lastInteractionAt: _k, createdAt: _c, ...rowColumns } = leadRowColumns;
  const columns: Record<string, SQL | AnyColumn> = {
    ...rowColumns,
    // As text: a JSON number would lose the scale ("63000.00" -> 63000).
    budget: sql`${leads.budget}::text`,
    seen: seenBy(userId),
    quotedAmount: sql`${leads.quotedAmount}::text`,
    version: leads.version,
    nextTask: nextTaskJson,
    k: sql`(${leads.lastInteractionAt} at time zone 'UTC')`,
    c: sql`(${leads.createdAt} at time zone 'UTC')`,
  };
  return sql.join(
    Object.entries(columns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
}

// Built once per user rather than per call: the signed-in staff are few.
const columnsByUser = new Map<number, SQL>();
function jsonListColumns(userId: number): SQL {
  let columns = columnsByUser.get(userId);
  if (!columns) {
    if (columnsByUser.size >= 1_000) columnsByUser.clear();
    columns = buildJsonListColumns(userId);
    columnsByUser.set(userId, columns);
  }
  return columns;
}

const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/;

/**
 * A UTC timestamp from the page's JSON as the API's ISO instant (milliseconds, cut like a
 * JavaScript Date cuts them) and as the cursor's exact microsecond text.
 */
export function instantFromJson(text: string): { iso: string; exact: string } {
  const m = UTC_TIMESTAMP.exec(text);
  if (!m) throw new Error(`unexpected timestamp from the database: ${text}`);
  const micros = (m[2] ?? '').padEnd(6, '0');
  return { iso: `${m[1]}.${micros.slice(0, 3)}Z`, exact: `${m[1]}.${micros}Z` };
}

/** A row of the page's JSON as a list item and its list key (one object literal: no rest or spread). */
function fromJson(r: JsonListRow): { item: LeadListItem; key: ListKey } {
  const last = instantFromJson(r.k);
  return {
    item: {
      id: r.id,
      reference: r.reference,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      vehicleMake: r.vehicleMake,
      vehicleModel: r.vehicleModel,
      assignedTo: r.assignedTo,
      vehicleYear: r.vehicleYear,
      budget: r.budget,
      status: r.status,
      emailSource: r.emailSource,
      origin: r.origin,
      starred: r.starred,
      seen: r.seen === true,
      lastInteractionAt: last.iso,
      createdAt: instantFromJson(r.c).iso,
      quotedAmount: r.quotedAmount,
      version: r.version,
      nextTask: r.nextTask,
    },
    key: { starred: r.starred, lastInteractionAt: last.exact, id: r.id },
  };
}

const orderSql = sql.join(listOrder, sql`, `);
/** The page's rows as one JSON array, in list order ('p' is the page's subquery). */
const pageJson = sql`coalesce(json_agg(p order by p.starred desc, p.k desc, p.id desc), '[]'::json)`;
const whereSql = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);

export interface ListPage {
  rows: { item: LeadListItem; key: ListKey }[];
}

/**
 * One page of the list without a search (`limit` rows after `after`, walking leads_list_walk_idx)
 * and the total of all pages (an index-only count), in one statement: every statement costs a
 * round trip, and on PGlite a fixed ~0.2 ms of protocol work besides. The rows come as one JSON
 * value rather than a field per column and row (ADR 037).
 */
export async function listPageAndTotal(
  db: DbOrTx,
  userId: number,
  filter: LeadListFilter,
  after: ListKey | null,
  limit: number,
): Promise<ListPage & { total: number }> {
  const page = sql`select ${jsonListColumns(userId)} from ${leads} ${whereSql(whereOf(filter, after))} order by ${orderSql} limit ${limit}`;
  // A named statement (ADR 073): its plan does not depend on the filter's values.
  const result = await db.execute(
    named(
      'leads_list',
      sql`select (select count(*)::int from ${leads} ${whereSql(whereOf(filter, null))}) as total,
      (select ${pageJson} from (${page}) as p) as page`,
    ),
  );
  const row = rowsOf<{ total: number | string; page: JsonListRow[] }>(result)[0]!;
  return { rows: row.page.map(fromJson), total: Number(row.total) };
}

/**
 * One page of a search and its capped counts, in one statement. The page first walks
 * leads_list_walk_idx for its ids (every column it tests is in that index, so the rows it skips
 * are never read), then reads those rows; the counts take at most `cap + 1` matches from the
 * trigram index, with FILTER clauses for the filtered total and each filter's hidden matches.
 */
export async function searchPageAndCounts(
  db: DbOrTx,
  userId: number,
  filter: LeadListFilter & { pattern: string },
  after: ListKey | null,
  limit: number,
  cap: number,
): Promise<ListPage & { counts: SearchCounts & { capped: boolean } }> {
  const { columns } = searchCountColumns(filter);
  const matches = sql`select ${leads.status}, ${leads.emailSource}, ${leads.lastInteractionAt}, ${leads.assignedTo} from ${leads} where ${searchCondition(filter.pattern)} limit ${cap + 1}`;
  const ids = sql`select ${leads.id} from ${leads} where ${whereOf(filter, after)} order by ${orderSql} limit ${limit}`;
  const page = sql`select ${jsonListColumns(userId)} from ${leads} where ${leads.id} in (select id from page_ids)`;
  // Never a named statement: its best plan depends on the pattern (ADR 073).
  const result = await db.execute(
    sql`with page_ids as materialized (${ids})
      select counts.*, (select ${pageJson} from (${page}) as p) as page
      from (select ${columns} from (${matches}) as leads) as counts`,
  );
  const row = rowsOf<CountRow & { page: JsonListRow[] }>(result)[0]!;
  const counts = toCounts(row);
  return { rows: row.page.map(fromJson), counts: { ...counts, capped: counts.matches > cap } };
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
    ),
    -- A customer's unopened e-mail (docs/rulings.md ruling 21) is read too: 'Mark all as read' leaves
    -- nothing unread, as opening the lead would. The count below reads the state before both updates.
    opened as (
      update ${leads} set staff_unread = false
      where ${leads.staffUnread} and ${leads.createdAt} <= ${now.toISOString()}::timestamptz and exists (select 1 from moved)
      returning id
    )
    select count(*)::int as n from ${leads}
    where ${leads.createdAt} <= ${now.toISOString()}::timestamptz and not ${seenBy(userId)} and exists (select 1 from moved)`);
  const rows = (result as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}
