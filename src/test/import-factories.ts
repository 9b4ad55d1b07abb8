// Test data of imports, costs and suppliers (as factories.ts): valid by default, overridable.
import type { DbOrTx } from '#server/db/client.ts';
import { importCosts, importStatusHistory, imports, suppliers } from '#server/db/schema/imports.ts';
import { unique } from './factories.ts';

type NewImport = typeof imports.$inferInsert;
type NewCost = typeof importCosts.$inferInsert;
type NewSupplier = typeof suppliers.$inferInsert;

export async function insertSupplier(db: DbOrTx, overrides: Partial<NewSupplier> = {}) {
  const [row] = await db
    .insert(suppliers)
    .values({ name: unique('Supplier '), ...overrides })
    .returning();
  return row!;
}

/** An import row (confirmed Fiat Panda for Ana) with its first history row. */
export async function insertImport(db: DbOrTx, overrides: Partial<NewImport> = {}) {
  const [row] = await db
    .insert(imports)
    .values({ clientName: 'Ana Silva', vehicleMake: 'Fiat', vehicleModel: 'Panda', ...overrides })
    .returning();
  await db
    .insert(importStatusHistory)
    .values({ importId: row!.id, status: row!.status, changedAt: row!.statusChangedAt });
  return row!;
}

export async function insertCost(db: DbOrTx, values: Partial<NewCost> & { importId: number; supplierId: number }) {
  const [row] = await db
    .insert(importCosts)
    .values({ date: '2026-05-01', value: '100.00', ...values })
    .returning();
  return row!;
}
