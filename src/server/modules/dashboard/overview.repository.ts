// The dashboard's figures for one period, computed by the database (ADR 067). A period is a range
// of Lisbon days [from, to], both included; instants are compared with its Lisbon midnights.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface DayRange {
  from: string;
  to: string;
}

const startOf = (day: string) => sql`((${day})::date::timestamp at time zone 'Europe/Lisbon')`;
const endOf = (day: string) => sql`(((${day})::date + 1)::timestamp at time zone 'Europe/Lisbon')`;
/** `column` falls on one of the range's days. */
export const within = (column: SQL, r: DayRange) => sql`${column} >= ${startOf(r.from)} and ${column} < ${endOf(r.to)}`;

/**
 * Leads counted as quoted (ADR 067): a quote reached them (the quoted amount is set when it does,
 * docs/rulings.md ruling 22), whatever their status became after; converted leads count too.
 */
const QUOTED = sql`(l.status in ('quoted', 'converted') or l.quoted_amount is not null)`;

/** Leads created in the previous window (the leads card's trend); the current count is periodLeads'. */
export async function previousLeads(db: DbOrTx, previous: DayRange) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from leads where ${within(sql`created_at`, previous)}`),
  );
  return row!.n;
}

/** Imports active now, and delivered in each window. */
export async function importCounts(db: DbOrTx, current: DayRange, previous: DayRange) {
  const [row] = rowsOf<{ active: number; completed_current: number; completed_previous: number }>(
    await db.execute(sql`select (select count(*)::int from imports where status not in ('delivered', 'canceled')) as active,
        count(*) filter (where ${within(sql`status_changed_at`, current)})::int as completed_current,
        count(*) filter (where ${within(sql`status_changed_at`, previous)})::int as completed_previous
      from imports where status = 'delivered'
        and status_changed_at >= ${startOf(previous.from)} and status_changed_at < ${endOf(current.to)}`),
  );
  return row!;
}

/**
 * A statement over many leads of a period, in its own transaction with two settings (ADR 069).
 * work_mem 32 MB: the planner cannot know how many weeks an expression yields (it assumes 200) and,
 * with the default 4 MB, sorted every entry on disk rather than hash a few thousand groups.
 * random_page_cost 1.1: with the default 4 it read every heap row of a long period rather than the
 * index-only range (two years: 74 against 47 ms of database CPU), as if index pages were on a disk.
 */
async function withFigureSettings<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', '32MB', true), set_config('random_page_cost', '1.1', true)`);
    return fn(tx);
  });
}

/** What periodLeads counts: per week and arrival (`part` 0), or per status, quoted and lost reason (1). */
export interface PeriodLeadsRow {
  part: number;
  week: string | null;
  origin: string | null;
  mailbox: string | null;
  utm: string | null;
  status: string | null;
  quoted: boolean | null;
  lost_reason: string | null;
  n: number;
}

/**
 * One pass over the period's index entries (ADR 069) for the leads card, leads per week and
 * arrival, and the funnel with its lost reasons: grouping sets (week, origin, mailbox, utm_source)
 * and (status, quoted, lost reason). The Lisbon week is found by comparing the instant with the
 * period's Monday midnights (width_bucket's binary search) instead of converting every row's time;
 * `monday` is the Monday of the period's first day. utm_source is formatted on the few groups.
 * Runs with the figures' settings (below).
 */
export async function periodLeads(db: DbOrTx, r: DayRange, monday: string) {
  return withFigureSettings(db, async (tx) =>
    rowsOf<PeriodLeadsRow>(
      await tx.execute(sql`select g.part,
        case when g.part = 0 then to_char((${monday})::date + 7 * (g.wb - 1), 'YYYY-MM-DD') end as week,
        g.origin, g.mailbox,
        case when g.part = 0 and g.origin = 'form' then lower(btrim(coalesce(g.utm, ''))) end as utm,
        g.status, g.quoted, g.lost_reason, g.n
      from (
        select grouping(x.wb)::int as part, x.wb, x.origin, x.mailbox, x.utm, x.status, x.quoted, x.lost_reason,
          count(*)::int as n
        from (
          select width_bucket(l.created_at, (select array_agg(d::date::timestamp at time zone 'Europe/Lisbon' order by d)
              from generate_series((${monday})::date, (${r.to})::date, interval '7 days') d)) as wb,
            l.origin, l.email_source as mailbox, l.utm_source as utm, l.status, ${QUOTED} as quoted, l.lost_reason
          from leads l where ${within(sql`l.created_at`, r)}
        ) x
        group by grouping sets ((x.wb, x.origin, x.mailbox, x.utm), (x.status, x.quoted, x.lost_reason))
      ) g`),
    ),
  );
}

/**
 * Hours from each lead's arrival to its first reply: the first e-mail, call or chat that a staff
 * member sent or logged (not the automatic acknowledgement, not system notes). The replies are read
 * from lead_timeline_first_reply_idx, whose predicate is this one word for word (ADR 069), from the
 * period's start on (a reply follows its lead's arrival, so none before it can count); leads
 * without a reply are the period's count minus those with one (the service subtracts).
 */
export async function firstReply(db: DbOrTx, r: DayRange) {
  const [row] = rowsOf<{ replied: number; median: number | null; p90: number | null }>(
    await withFigureSettings(db, (tx) =>
      tx.execute(sql`with waits as (
        select min(t.created_at) - l.created_at as wait
        from leads l join lead_timeline t on t.lead_id = l.id and t.created_at >= l.created_at
          and t.created_at >= ${startOf(r.from)}
          and t.created_by is not null
          and coalesce(t.metadata->>'event', '') not in ('lead_lost', 'converted_to_import', 'quote_request')
          and (t.type in ('call', 'chat') or coalesce((t.email_data->>'isOutgoing')::boolean, false))
        where ${within(sql`l.created_at`, r)}
        group by l.id, l.created_at
      )
      select count(*)::int as replied,
        percentile_cont(0.5) within group (order by extract(epoch from wait)) / 3600 as median,
        percentile_cont(0.9) within group (order by extract(epoch from wait)) / 3600 as p90
      from waits`),
    ),
  );
  return row!;
}

/**
 * Imports created in the period, not canceled, per Lisbon month: service prices, costs, profit;
 * and one row with a null month for the previous window (the cards' trends). Each import's costs
 * are summed once (an index-only sum of import_costs_import_idx).
 */
export async function moneyPerMonth(db: DbOrTx, current: DayRange, previous: DayRange) {
  return rowsOf<{ month: string | null; imports: number; revenue: string; costs: string; profit: string }>(
    await db.execute(sql`with m as materialized (
        select case when ${within(sql`i.created_at`, current)}
            then to_char(i.created_at at time zone 'Europe/Lisbon', 'YYYY-MM') end as month,
          coalesce(i.service_price, 0) as price,
          coalesce((select sum(c.value) from import_costs c where c.import_id = i.id), 0) as costs
        from imports i where i.status <> 'canceled'
          and i.created_at >= ${startOf(previous.from)} and i.created_at < ${endOf(current.to)}
      )
      select month, count(*)::int as imports, sum(price)::text as revenue, sum(costs)::text as costs,
        (sum(price) - sum(costs))::text as profit
      from m group by month order by month nulls first`),
  );
}

/**
 * Imports created in the period by their stage now, and the average days they spent in each stage.
 * Each import's stints are read in order from import_status_history_import_idx (which carries the
 * status, so index-only, ADR 069): the cost follows the period's imports, not the whole history.
 */
export async function stages(db: DbOrTx, r: DayRange, now: Date) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const counts = rowsOf<{ status: string; n: number }>(
    await db.execute(
      sql`select status, count(*)::int as n from imports i where ${within(sql`i.created_at`, r)} group by 1`,
    ),
  );
  const days = rowsOf<{ status: string; avg_days: number }>(
    await db.execute(sql`select s.status, avg(extract(epoch from coalesce(s.left_at, ${nowSql}) - s.changed_at)) / 86400 as avg_days
      from imports i cross join lateral (
        select h.status, h.changed_at, lead(h.changed_at) over (order by h.changed_at, h.id) as left_at
        from import_status_history h where h.import_id = i.id
      ) s
      where ${within(sql`i.created_at`, r)} and s.status not in ('delivered', 'canceled')
      group by 1`),
  );
  return { counts, days };
}
