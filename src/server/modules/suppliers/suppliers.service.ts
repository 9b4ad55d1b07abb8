import type { Db } from '#server/db/client.ts';
import { suppliers } from '#server/db/schema/imports.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { deleteVersioned, updateVersioned } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  SUPPLIER_MESSAGES,
  supplierHasCostsMessage,
  type Supplier,
  type SupplierCreate,
  type SupplierUpdate,
} from '#shared/schemas/suppliers.ts';
import * as repo from './suppliers.repository.ts';

export const SUPPLIER_RECORD = { record: 'supplier', notFoundMessage: SUPPLIER_MESSAGES.notFound };

function toSupplier(row: repo.SupplierWithTotals): Supplier {
  const { supplier, costCount, costsTotal, unpaidCount, unpaidTotal } = row;
  return {
    ...supplier,
    createdAt: supplier.createdAt.toISOString(),
    updatedAt: supplier.updatedAt.toISOString(),
    totals: { costCount, costsTotal, unpaidCount, unpaidTotal },
  };
}

/** Suppliers with their totals; one with recorded costs is never deleted (its costs are the books). */
export function createSuppliersService(deps: { db: Db; hub: EventHub; clock: Clock }) {
  const { db, hub, clock } = deps;

  const changed = (supplierId: number, byUserId: number) =>
    hub.publish({ type: 'supplier_changed', data: { supplierId, byUserId }, audience: { kind: 'staff' } });

  async function get(id: number): Promise<Supplier> {
    const row = await repo.findSupplier(db, id);
    if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
    return toSupplier(row);
  }

  return {
    get,

    list: async (): Promise<Supplier[]> => (await repo.listSuppliers(db)).map(toSupplier),

    async create(input: SupplierCreate, userId: number): Promise<Supplier> {
      const now = clock.now();
      const row = await repo.insertSupplier(db, { ...input, createdAt: now, updatedAt: now });
      changed(row.id, userId);
      return get(row.id);
    },

    async update(id: number, input: SupplierUpdate, expected: number | null, userId: number): Promise<Supplier> {
      const { version: _version, ...set } = input;
      await updateVersioned(db, suppliers, id, expected, { ...set, updatedAt: clock.now() }, SUPPLIER_RECORD);
      changed(id, userId);
      return get(id);
    },

    /** Refused while the supplier has costs (409, nothing deleted). */
    async remove(id: number, expected: number | null, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await repo.lockForDelete(tx, id);
        if (!found) throw notFound(SUPPLIER_MESSAGES.notFound);
        if (found.costCount > 0) throw new AppError('CONFLICT', supplierHasCostsMessage(found.name, found.costCount));
        await deleteVersioned(tx, suppliers, id, expected, SUPPLIER_RECORD);
      });
      changed(id, userId);
    },
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
