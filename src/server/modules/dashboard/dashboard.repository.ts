import { desc, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { leads } from '#server/db/schema/leads.ts';
import { CONCLUDED_IMPORT_STATUSES } from '#shared/imports/status.ts';
import type { TrendWindows } from './trend.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Rows whose `column` falls in the current (now-30d, now] or previous (now-60d, now-30d] window. */
const inCurrent = (column: unknown, w: TrendWindows) =>
  sql`${column} > ${ts(w.currentStart)} and ${column} <= ${ts(w.now)}`;
const inPrevious = (column: unknown, w: TrendWindows) =>
  sql`${column} > ${ts(w.previousStart)} and ${column} <= ${ts(w.currentStart)}`;
const int = (expr: ReturnType<typeof sql>) => sql<number>`${expr}`.mapWith(Number);

/**
 * Total leads, and leads created in each window. The windows read only their range of
 * leads_created_figures_idx; the total is a count of the whole table (ADR 069).
 */
export async function leadFigures(db: DbOrTx, w: TrendWindows) {
  const [row] = await db
    .select({
      total: int(sql`(select count(*) from ${leads})`),
      current: int(sql`count(*) filter (where ${inCurrent(leads.createdAt, w)})`),
      previous: int(sql`count(*) filter (where ${inPrevious(leads.createdAt, w)})`),
    })
    .from(leads)
    .where(sql`${leads.createdAt} > ${ts(w.previousStart)} and ${leads.createdAt} <= ${ts(w.now)}`);
  return row!;
}

/**
 * The import figures and their windows (ADR 012): active now (and, per window, created there and
 * still active); delivered (per window by the time the delivered status was entered); revenue = service prices of non-canceled
 * imports (per window by creation), in euros.
 */
export async function importFigures(db: DbOrTx, w: TrendWindows) {
  const active = sql`${imports.status} not in ('delivered', 'canceled')`;
  const delivered = sql`${imports.status} = 'delivered'`;
  const earning = sql`${imports.status} <> 'canceled'`;
  const price = sql`coalesce(${imports.servicePrice}, 0)`;
  const [row] = await db
    .select({
      active: int(sql`count(*) filter (where ${active})`),
      activeCurrent: int(sql`count(*) filter (where ${active} and ${inCurrent(imports.createdAt, w)})`),
      activePrevious: int(sql`count(*) filter (where ${active} and ${inPrevious(imports.createdAt, w)})`),
      completed: int(sql`count(*) filter (where ${delivered})`),
      completedCurrent: int(sql`count(*) filter (where ${delivered} and ${inCurrent(imports.statusChangedAt, w)})`),
      completedPrevious: int(sql`count(*) filter (where ${delivered} and ${inPrevious(imports.statusChangedAt, w)})`),
      revenue: int(sql`coalesce(sum(${price}) filter (where ${earning}), 0)`),
      revenueCurrent: int(
        sql`coalesce(sum(${price}) filter (where ${earning} and ${inCurrent(imports.createdAt, w)}), 0)`,
      ),
      revenuePrevious: int(
        sql`coalesce(sum(${price}) filter (where ${earning} and ${inPrevious(imports.createdAt, w)}), 0)`,
      ),
    })
    .from(imports);
  return row!;
}

/** The newest imports that are neither delivered nor canceled. */
export function recentActiveImports(db: DbOrTx, limit: number) {
  return db
    .select({
      id: imports.id,
      clientName: imports.clientName,
      vehicleMake: imports.vehicleMake,
      vehicleModel: imports.vehicleModel,
      vehicleYear: imports.vehicleYear,
      status: imports.status,
      createdAt: imports.createdAt,
    })
    .from(imports)
    .where(notInArray(imports.status, [...CONCLUDED_IMPORT_STATUSES]))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(limit);
}
