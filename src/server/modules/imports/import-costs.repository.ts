import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { importCosts, suppliers } from '#server/db/schema/imports.ts';

export type CostRow = typeof importCosts.$inferSelect;
export type NewCostRow = typeof importCosts.$inferInsert;

const costColumns = {
  id: importCosts.id,
  importId: importCosts.importId,
  supplierId: importCosts.supplierId,
  supplierName: suppliers.name,
  date: importCosts.date,
  value: importCosts.value,
  notes: importCosts.notes,
  invoicedToUs: importCosts.invoicedToUs,
  invoiced: importCosts.invoiced,
  paid: importCosts.paid,
  createdAt: importCosts.createdAt,
  updatedAt: importCosts.updatedAt,
  version: importCosts.version,
};

/** An import's costs with their supplier's name, by date then id. */
export function costsOfImport(db: DbOrTx, importId: number) {
  return db
    .select(costColumns)
    .from(importCosts)
    .innerJoin(suppliers, eq(suppliers.id, importCosts.supplierId))
    .where(eq(importCosts.importId, importId))
    .orderBy(asc(importCosts.date), asc(importCosts.id));
}
export type CostWithSupplier = Awaited<ReturnType<typeof costsOfImport>>[number];

export async function findCost(db: DbOrTx, id: number): Promise<CostWithSupplier | undefined> {
  const [row] = await db
    .select(costColumns)
    .from(importCosts)
    .innerJoin(suppliers, eq(suppliers.id, importCosts.supplierId))
    .where(eq(importCosts.id, id));
  return row;
}

export async function insertCost(db: DbOrTx, values: NewCostRow): Promise<CostRow> {
  const [row] = await db.insert(importCosts).values(values).returning();
  return row!;
}

/** Whether the supplier exists, locked against a concurrent delete until the caller's transaction ends. */
export async function lockSupplier(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id)).for('share');
  return rows.length > 0;
}
