import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { importCosts, suppliers } from '#server/db/schema/imports.ts';

export type SupplierRow = typeof suppliers.$inferSelect;
export type NewSupplierRow = typeof suppliers.$inferInsert;

const money = (expr: ReturnType<typeof sql>) => sql<string>`coalesce(${expr}, 0)::numeric(15,2)::text`;
const count = (expr: ReturnType<typeof sql>) => sql<number>`${expr}::int`.mapWith(Number);

/** Each supplier with its cost totals, in one grouped pass over import_costs. */
function withTotals(db: DbOrTx) {
  const totals = db
    .select({
      supplierId: importCosts.supplierId,
      costCount: count(sql`count(*)`).as('cost_count'),
      costsTotal: money(sql`sum(${importCosts.value})`).as('costs_total'),
      unpaidCount: count(sql`count(*) filter (where not ${importCosts.paid})`).as('unpaid_count'),
      unpaidTotal: money(sql`sum(${importCosts.value}) filter (where not ${importCosts.paid})`).as('unpaid_total'),
    })
    .from(importCosts)
    .groupBy(importCosts.supplierId)
    .as('totals');
  return db
    .select({
      supplier: suppliers,
      costCount: sql<number>`coalesce(${totals.costCount}, 0)`.mapWith(Number),
      costsTotal: sql<string>`coalesce(${totals.costsTotal}, '0.00')`,
      unpaidCount: sql<number>`coalesce(${totals.unpaidCount}, 0)`.mapWith(Number),
      unpaidTotal: sql<string>`coalesce(${totals.unpaidTotal}, '0.00')`,
    })
    .from(suppliers)
    .leftJoin(totals, eq(totals.supplierId, suppliers.id));
}
export type SupplierWithTotals = Awaited<ReturnType<ReturnType<typeof withTotals>['execute']>>[number];

export function listSuppliers(db: DbOrTx) {
  return withTotals(db).orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
}

export async function findSupplier(db: DbOrTx, id: number): Promise<SupplierWithTotals | undefined> {
  const [row] = await withTotals(db).where(eq(suppliers.id, id));
  return row;
}

export async function insertSupplier(db: DbOrTx, values: NewSupplierRow): Promise<SupplierRow> {
  const [row] = await db.insert(suppliers).values(values).returning();
  return row!;
}

/** The supplier's name and number of cost lines, locked against a concurrent write until the transaction ends. */
export async function lockForDelete(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id)).for('update');
  if (!row) return undefined;
  const [costs] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(importCosts)
    .where(eq(importCosts.supplierId, id));
  return { name: row.name, costCount: costs?.n ?? 0 };
}
