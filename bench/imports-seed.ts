// The imports benchmark's data (imports.ts): BENCH_IMPORTS_COUNT imports with their costs, suppliers
// and stage history, deterministic from the seed.
import type { Db } from '#server/db/client.ts';
import { importCosts, importStatusHistory, imports, suppliers } from '#server/db/schema/imports.ts';
import { createRng, type Rng } from '#server/db/seed/prng.ts';
import { IMPORT_STATUSES, type ImportStatus } from '#shared/imports/status.ts';

export const COUNT = Number(process.env.BENCH_IMPORTS_COUNT ?? 10_000);
const COSTS_PER_IMPORT = 5;
export const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;
const FIRST = ['Ana', 'Rui', 'Carla', 'João', 'Marta', 'Pedro', 'Inês', 'Tiago', 'Sofia', 'Miguel', 'Rita', 'Nuno'];
const LAST = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Gomes'];
const CARS = [
  ['BMW', '320d Touring'],
  ['BMW', 'X3 xDrive20d'],
  ['Audi', 'A4 Avant 2.0 TDI'],
  ['Mercedes-Benz', 'C 220 d'],
  ['Volkswagen', 'Golf 1.5 eTSI'],
  ['Tesla', 'Model 3 Long Range'],
  ['Volvo', 'XC60 B4'],
  ['Peugeot', '3008 Hybrid'],
  ['Renault', 'Clio TCe'],
  ['Toyota', 'RAV4 Hybrid'],
] as const;

/** Statuses weighted like a business a few years in: most delivered, a tail of each active stage. */
function pickStatus(rng: Rng): ImportStatus {
  const r = rng.float(0, 1);
  if (r < 0.6) return 'delivered';
  if (r < 0.65) return 'canceled';
  return rng.pick(IMPORT_STATUSES.slice(0, 7));
}

async function insertChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** The imports, costs, suppliers and history, deterministic from the seed. */
export async function seedImports(db: Db) {
  const rng = createRng('bench-imports');
  const supplierRows = await db
    .insert(suppliers)
    .values(Array.from({ length: 40 }, (_, i) => ({ name: `Supplier ${i + 1} ${rng.pick(LAST)} Lda.` })))
    .returning({ id: suppliers.id });
  const supplierIds = supplierRows.map((r) => r.id);
  const values = Array.from({ length: COUNT }, (_, i) => {
    const [make, model] = rng.pick(CARS);
    const status = pickStatus(rng);
    const createdAt = new Date(NOW.getTime() - rng.float(0, 3 * 365) * DAY);
    const first = rng.pick(FIRST);
    const last = `${rng.pick(LAST)} ${rng.pick(LAST)}`;
    return {
      clientName: `${first} ${last}`,
      clientEmail: `${first.toLowerCase()}.${i}@example.pt`,
      clientPhone: `9${rng.int(10_000_000, 99_999_999)}`,
      vehicleMake: make,
      vehicleModel: model,
      vehicleYear: rng.int(2015, 2025),
      vehicleVin: `WBA${rng.int(10_000_000, 99_999_999)}${String(i).padStart(6, '0')}`,
      status,
      vehiclePrice: `${rng.int(8_000, 80_000)}.00`,
      vehicleIsv: `${rng.int(0, 9_000)}.${String(rng.int(0, 99)).padStart(2, '0')}`,
      servicePrice: rng.pick(['2340.00', '2500.00', '2800.00', '3000.00']),
      invoiced: status === 'delivered',
      paid: status === 'delivered' || rng.chance(0.3),
      createdAt,
      updatedAt: createdAt,
      statusChangedAt: new Date(createdAt.getTime() + rng.float(0, 20) * DAY),
    };
  });
  const ids: { id: number; status: string; createdAt: Date }[] = [];
  await insertChunks(values, 1_000, async (chunk) => {
    ids.push(
      ...(await db
        .insert(imports)
        .values(chunk)
        .returning({ id: imports.id, status: imports.status, createdAt: imports.createdAt })),
    );
  });
  const costs = ids.flatMap((imp) =>
    Array.from({ length: COSTS_PER_IMPORT }, () => ({
      importId: imp.id,
      supplierId: rng.pick(supplierIds),
      date: new Date(imp.createdAt.getTime() + rng.float(0, 30) * DAY).toISOString().slice(0, 10),
      value: `${rng.int(30, 1_600)}.${String(rng.int(0, 99)).padStart(2, '0')}`,
      invoicedToUs: rng.chance(0.7),
      invoiced: rng.chance(0.4),
      paid: rng.chance(0.8),
    })),
  );
  await insertChunks(costs, 2_000, (chunk) => db.insert(importCosts).values(chunk));
  const history = ids.flatMap((imp) => {
    const upTo = imp.status === 'canceled' ? 1 : IMPORT_STATUSES.indexOf(imp.status as ImportStatus);
    const steps = IMPORT_STATUSES.slice(0, upTo + 1).map((status, n) => ({
      importId: imp.id,
      status,
      changedAt: new Date(imp.createdAt.getTime() + n * 2 * DAY),
    }));
    if (imp.status === 'canceled')
      steps.push({ importId: imp.id, status: 'canceled', changedAt: new Date(imp.createdAt.getTime() + 5 * DAY) });
    return steps;
  });
  await insertChunks(history, 2_000, (chunk) => db.insert(importStatusHistory).values(chunk));
  return { imports: ids.length, costs: costs.length, history: history.length, suppliers: supplierIds.length };
}
