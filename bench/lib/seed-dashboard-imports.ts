// Imports for the dashboard benchmark (bench/dashboard.ts): `count` imports over three years before
// `now`, deterministic from the seed, shaped like a business a few years in. An import takes about
// 60 days from confirmation to delivery, so older imports are delivered (or canceled) and the
// active ones are the recent ones; old invoices and supplier costs are paid, recent ones partly not,
// with a small tail of old debts (the money-owed screen's long waits).
import type { Db } from '#server/db/client.ts';
import { importCosts, importStatusHistory, imports, suppliers } from '#server/db/schema/imports.ts';
import { createRng } from '#server/db/seed/prng.ts';
import { IMPORT_STATUSES, type ImportStatus } from '#shared/imports/status.ts';

const DAY = 86_400_000;
const COSTS_PER_IMPORT = 5;
/** Days from confirmation to delivery; each of the seven active stages lasts a seventh of it. */
const JOURNEY_DAYS = 60;
const FIRST = ['Ana', 'Rui', 'Carla', 'João', 'Marta', 'Pedro', 'Inês', 'Tiago', 'Sofia', 'Miguel'];
const LAST = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins'];
const CARS = [
  ['BMW', '320d Touring'],
  ['Audi', 'A4 Avant 2.0 TDI'],
  ['Mercedes-Benz', 'C 220 d'],
  ['Volkswagen', 'Golf 1.5 eTSI'],
  ['Tesla', 'Model 3 Long Range'],
  ['Volvo', 'XC60 B4'],
] as const;
const ACTIVE = IMPORT_STATUSES.slice(0, 7);

async function inChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export async function seedDashboardImports(db: Db, opts: { count: number; now: Date }) {
  const rng = createRng('bench-dashboard-imports');
  const now = opts.now.getTime();
  const supplierIds = (
    await db
      .insert(suppliers)
      .values(Array.from({ length: 40 }, (_, i) => ({ name: `Supplier ${i + 1} ${rng.pick(LAST)} Lda.` })))
      .returning({ id: suppliers.id })
  ).map((r) => r.id);

  const planned = Array.from({ length: opts.count }, (_, i) => {
    const ageDays = rng.float(0, 3 * 365);
    const createdAt = new Date(now - ageDays * DAY);
    const stage = Math.floor((ageDays / JOURNEY_DAYS) * ACTIVE.length);
    const canceled = rng.chance(0.05);
    const status: ImportStatus = canceled ? 'canceled' : stage >= ACTIVE.length ? 'delivered' : ACTIVE[stage]!;
    const stepDays = JOURNEY_DAYS / ACTIVE.length;
    const statusChangedAt = new Date(
      createdAt.getTime() + (canceled ? 5 : Math.min(stage, ACTIVE.length)) * stepDays * DAY,
    );
    const daysSinceChange = (now - statusChangedAt.getTime()) / DAY;
    const delivered = status === 'delivered';
    // Delivered cars are invoiced within a month; a few recent ones are invoiced in advance.
    const invoiced = delivered ? daysSinceChange > 30 || rng.chance(0.7) : !canceled && rng.chance(0.1);
    // Paid within about 45 days, apart from a tail of old debts.
    const paid = invoiced && (daysSinceChange > 45 ? !rng.chance(0.01) : rng.chance(0.5));
    const [make, model] = rng.pick(CARS);
    const first = rng.pick(FIRST);
    return {
      clientName: `${first} ${rng.pick(LAST)} ${rng.pick(LAST)}`,
      clientEmail: `${first.toLowerCase()}.${i}@example.pt`,
      vehicleMake: make,
      vehicleModel: model,
      vehicleYear: rng.int(2015, 2025),
      status,
      vehiclePrice: `${rng.int(8_000, 80_000)}.00`,
      servicePrice: rng.pick(['2340.00', '2500.00', '2800.00', '3000.00']),
      invoiced,
      invoicedAt: invoiced ? new Date(Math.min(now, statusChangedAt.getTime() + rng.float(0, 10) * DAY)) : null,
      paid,
      createdAt,
      updatedAt: statusChangedAt,
      statusChangedAt,
    };
  });
  const ids: { id: number; status: string; createdAt: Date; statusChangedAt: Date }[] = [];
  await inChunks(planned, 1_000, async (chunk) => {
    ids.push(
      ...(await db.insert(imports).values(chunk).returning({
        id: imports.id,
        status: imports.status,
        createdAt: imports.createdAt,
        statusChangedAt: imports.statusChangedAt,
      })),
    );
  });

  const costs = ids.flatMap((imp) =>
    Array.from({ length: COSTS_PER_IMPORT }, () => {
      const date = new Date(Math.min(now, imp.createdAt.getTime() + rng.float(0, JOURNEY_DAYS) * DAY));
      const age = (now - date.getTime()) / DAY;
      return {
        importId: imp.id,
        supplierId: rng.pick(supplierIds),
        date: date.toISOString().slice(0, 10),
        value: `${rng.int(30, 1_600)}.${String(rng.int(0, 99)).padStart(2, '0')}`,
        invoicedToUs: rng.chance(0.7),
        paid: age > 45 ? !rng.chance(0.005) : rng.chance(0.4),
      };
    }),
  );
  await inChunks(costs, 2_000, (chunk) => db.insert(importCosts).values(chunk));

  const stepMs = (JOURNEY_DAYS / ACTIVE.length) * DAY;
  const history = ids.flatMap((imp) => {
    const reached = imp.status === 'canceled' ? 1 : IMPORT_STATUSES.indexOf(imp.status as ImportStatus) + 1;
    const steps = IMPORT_STATUSES.slice(0, reached).map((status, n) => ({
      importId: imp.id,
      status,
      changedAt: new Date(Math.min(imp.createdAt.getTime() + n * stepMs, imp.statusChangedAt.getTime())),
    }));
    if (imp.status === 'canceled') steps.push({ importId: imp.id, status: 'canceled', changedAt: imp.statusChangedAt });
    return steps;
  });
  await inChunks(history, 2_000, (chunk) => db.insert(importStatusHistory).values(chunk));
  return { imports: ids.length, costs: costs.length, history: history.length, suppliers: supplierIds.length };
}
