import type { Db, DbOrTx } from '#server/db/client.ts';
import { importCosts } from '#server/db/schema/imports.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { deleteVersioned, updateVersioned } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { IMPORT_MESSAGES, type ImportCost } from '#shared/schemas/imports.ts';
import { type CostCreate, type CostUpdate } from '#shared/schemas/import-costs.ts';
import * as repo from './import-costs.repository.ts';
import { toCost } from './import-views.ts';
import { importExists } from './imports.repository.ts';

export const COST_RECORD = { record: 'cost', notFoundMessage: IMPORT_MESSAGES.costNotFound };

/** An import's cost lines: listed, added, edited (full or flags only) and deleted, with versions (ADR 022). */
export function createImportCostsService(deps: { db: Db; hub: EventHub; clock: Clock }) {
  const { db, hub, clock } = deps;

  const changed = (importId: number, byUserId: number) =>
    hub.publish({ type: 'import_updated', data: { importId, byUserId }, audience: { kind: 'staff' } });

  async function checkSupplier(tx: DbOrTx, supplierId: number) {
    if (!(await repo.lockSupplier(tx, supplierId))) {
      throw new AppError('VALIDATION', IMPORT_MESSAGES.supplierNotFound, {
        supplierId: IMPORT_MESSAGES.supplierNotFound,
      });
    }
  }

  async function read(id: number): Promise<ImportCost> {
    const row = await repo.findCost(db, id);
    if (!row) throw notFound(IMPORT_MESSAGES.costNotFound);
    return toCost(row);
  }

  return {
    async list(importId: number): Promise<ImportCost[]> {
      if (!(await importExists(db, importId))) throw notFound(IMPORT_MESSAGES.importNotFound);
      return (await repo.costsOfImport(db, importId)).map(toCost);
    },

    async add(importId: number, input: CostCreate, userId: number): Promise<ImportCost> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        if (!(await importExists(tx, importId))) throw notFound(IMPORT_MESSAGES.importNotFound);
        await checkSupplier(tx, input.supplierId);
        return repo.insertCost(tx, { ...input, importId, createdAt: now, updatedAt: now });
      });
      changed(importId, userId);
      return read(row.id);
    },

    async update(id: number, input: CostUpdate, expected: number | null, userId: number): Promise<ImportCost> {
      const { version: _version, ...set } = input;
      const row = await db.transaction(async (tx) => {
        if (set.supplierId !== undefined) await checkSupplier(tx, set.supplierId);
        return updateVersioned(tx, importCosts, id, expected, { ...set, updatedAt: clock.now() }, COST_RECORD);
      });
      changed(row.importId, userId);
      return read(id);
    },

    async remove(id: number, expected: number | null, userId: number): Promise<void> {
      const cost = await repo.findCost(db, id);
      if (!cost) throw notFound(IMPORT_MESSAGES.costNotFound);
      await deleteVersioned(db, importCosts, id, expected, COST_RECORD);
      changed(cost.importId, userId);
    },
  };
}

export type ImportCostsService = ReturnType<typeof createImportCostsService>;
