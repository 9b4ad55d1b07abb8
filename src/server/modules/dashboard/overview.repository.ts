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

export async function leadCards(db: DbOrTx, current: DayRange, previous: DayRange) {
  const [row] = rowsOf<{ current: number; previous: number }>(
    await db.execute(sql`select
      count(*) filter (where ${within(sql`created_at`, current)})::int as current,
      count(*) filter (where ${within(sql`created_at`, previous)})::int as previous
      from leads where created_at >= ${startOf(previous.from)} and created_at < ${endOf(current.to)}`),
  );
  return row!;
}

/** Active now; delivered, revenue and profit in each window. Money as exact decimal text. */
export async function importCards(db: DbOrTx, current: DayRange, previous: DayRange) {
  const [row] = rowsOf<{
    active: number;
    completed_current: number;
    completed_previous: number;
    revenue_current: string;
    revenue_previous: string;
    costs_current: string;
    costs_previous: string;
  }>(
    await db.execute(sql`with money as (
        select i.created_at, coalesce(i.service_price, 0) as price,
          coalesce((select sum(c.value) from import_costs c where c.import_id = i.id), 0) as costs
        from imports i
        where i.status <> 'canceled' and i.created_at >= ${startOf(previous.from)} and i.created_at < ${endOf(current.to)}
      )
      select
        (select count(*)::int from imports where status not in ('delivered', 'canceled')) as active,
        (select count(*)::int from imports where status = 'delivered' and ${within(sql`status_changed_at`, current)}) as completed_current,
        (select count(*)::int from imports where status = 'delivered' and ${within(sql`status_changed_at`, previous)}) as completed_previous,
        (select coalesce(sum(price), 0)::text from money where ${within(sql`created_at`, current)}) as revenue_current,
        (select coalesce(sum(price), 0)::text from money where ${within(sql`created_at`, previous)}) as revenue_previous,
        (select coalesce(sum(costs), 0)::text from money where ${within(sql`created_at`, current)}) as costs_current,
        (select coalesce(sum(costs), 0)::text from money where ${within(sql`created_at`, previous)}) as costs_previous`),
  );
  return row!;
}

/**
 * Leads per Lisbon week (Monday) and arrival: origin, mailbox, and the form's utm_source. Counted
 * per raw column first and formatted after (ADR 069): the inner grouping is a hash of few groups
 * over an index-only scan, where formatting every row first sorted them all on disk.
 */
export async function leadsPerWeek(db: DbOrTx, r: DayRange) {
  return rowsOf<{ week: string; origin: string; mailbox: string; utm: string | null; n: number }>(
    await db.execute(sql`select to_char(w.week, 'YYYY-MM-DD') as week, w.origin, w.mailbox,
        case when w.origin = 'form' then lower(btrim(coalesce(w.utm, ''))) end as utm,
        sum(w.n)::int as n
      from (
        select date_trunc('week', l.created_at at time zone 'Europe/Lisbon') as week, l.origin,
          l.email_source as mailbox, l.utm_source as utm, count(*) as n
        from leads l where ${within(sql`l.created_at`, r)}
        group by 1, 2, 3, 4
      ) w
      group by 1, 2, 3, 4`),
  );
}

export async function funnel(db: DbOrTx, r: DayRange) {
  const [totals] = rowsOf<{ requested: number; quoted: number; converted: number; rejected: number }>(
    await db.execute(sql`select count(*)::int as requested,
        count(*) filter (where ${QUOTED})::int as quoted,
        count(*) filter (where l.status = 'converted')::int as converted,
        count(*) filter (where l.status = 'rejected')::int as rejected
      from leads l where ${within(sql`l.created_at`, r)}`),
  );
  const reasons = rowsOf<{ reason: string | null; n: number }>(
    await db.execute(sql`select l.lost_reason as reason, count(*)::int as n
      from leads l where l.status = 'rejected' and ${within(sql`l.created_at`, r)}
      group by 1 order by 2 desc, 1`),
  );
  return { ...totals!, reasons };
}

/**
 * Hours from each lead's arrival to its first reply: the first e-mail, call or chat that a staff
 * member sent or logged (not the automatic acknowledgement, not system notes). The replies are read
 * from lead_timeline_first_reply_idx, whose predicate is this one word for word (ADR 069); leads
 * without a reply are the period's count minus those with one.
 */
export async function firstReply(db: DbOrTx, r: DayRange) {
  const [row] = rowsOf<{ replied: number; unanswered: number; median: number | null; p90: number | null }>(
    await db.execute(sql`with waits as (
        select min(t.created_at) - l.created_at as wait
        from leads l join lead_timeline t on t.lead_id = l.id and t.created_at >= l.created_at
          and t.created_by is not null
          and coalesce(t.metadata->>'event', '') not in ('lead_lost', 'converted_to_import', 'quote_request')
          and (t.type in ('call', 'chat') or coalesce((t.email_data->>'isOutgoing')::boolean, false))
        where ${within(sql`l.created_at`, r)}
        group by l.id, l.created_at
      )
      select count(*)::int as replied,
        ((select count(*) from leads l where ${within(sql`l.created_at`, r)}) - count(*))::int as unanswered,
        percentile_cont(0.5) within group (order by extract(epoch from wait)) / 3600 as median,
        percentile_cont(0.9) within group (order by extract(epoch from wait)) / 3600 as p90
      from waits`),
  );
  return row!;
}

/** Imports created in the period, not canceled, per Lisbon month: service prices, costs, profit. */
export async function moneyPerMonth(db: DbOrTx, r: DayRange) {
  return rowsOf<{ month: string; imports: number; revenue: string; costs: string; profit: string }>(
    await db.execute(sql`with m as (
        select to_char(i.created_at at time zone 'Europe/Lisbon', 'YYYY-MM') as month,
          coalesce(i.service_price, 0) as price,
          coalesce((select sum(c.value) from import_costs c where c.import_id = i.id), 0) as costs
        from imports i where i.status <> 'canceled' and ${within(sql`i.created_at`, r)}
      )
      select month, count(*)::int as imports, sum(price)::text as revenue, sum(costs)::text as costs,
        (sum(price) - sum(costs))::text as profit
      from m group by month order by month`),
  );
}

/** Imports created in the period by their stage now, and the average days they spent in each stage. */
export async function stages(db: DbOrTx, r: DayRange, now: Date) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const counts = rowsOf<{ status: string; n: number }>(
    await db.execute(
      sql`select status, count(*)::int as n from imports i where ${within(sql`i.created_at`, r)} group by 1`,
    ),
  );
  const days = rowsOf<{ status: string; avg_days: number }>(
    await db.execute(sql`with stints as (
        select h.status, h.changed_at,
          lead(h.changed_at) over (partition by h.import_id order by h.changed_at, h.id) as left_at
        from import_status_history h
        where h.import_id in (select i.id from imports i where ${within(sql`i.created_at`, r)})
      )
      select status, avg(extract(epoch from coalesce(left_at, ${nowSql}) - changed_at)) / 86400 as avg_days
      from stints where status not in ('delivered', 'canceled') group by 1`),
  );
  return { counts, days };
}
