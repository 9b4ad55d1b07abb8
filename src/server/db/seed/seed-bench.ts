import { sql } from 'drizzle-orm';
import { normalizePhone } from '#shared/phone.ts';
import type { Db, Tx } from '../client.ts';
import { leadTimeline, leads, users } from '../schema/index.ts';
import { CAR_COLOURS, estimateMarketPriceEur, listingUrl, pickCar } from './cars.ts';
import type { LeadStatus, LeadValues } from './demo-leads.ts';
import type { TimelineValues } from './demo-timeline.ts';
import { LEAD_NOTES } from './demo-messages.ts';
import { pickPerson } from './people.ts';
import { createRng, type Rng } from './prng.ts';

export interface SeedBenchOptions {
  count: number;
  now?: Date;
  seed?: string;
  /** Leads per transaction; each transaction inserts in statements of `batchSize` rows. */
  transactionSize?: number;
  batchSize?: number;
  onProgress?: (inserted: number) => void;
}

const DAY = 86_400_000;
/**
 * Rows per insert statement. A lead row binds 25 parameters; PGlite 0.5.8 silently stores nothing
 * (no error, no rows returned) for a statement with more than 32,767 parameters, so stay well below.
 */
const MAX_BATCH = 1_000;
const HISTORY_DAYS = 730;

// Old leads are mostly settled; the last few weeks hold the open work.
const SETTLED: readonly (readonly [LeadStatus, number])[] = [
  ['converted', 22],
  ['rejected', 48],
  ['contacted', 8],
  ['quoted', 9],
  ['clarifying', 5],
  ['waiting', 3],
  ['requested', 5],
];
const RECENT: readonly (readonly [LeadStatus, number])[] = [
  ['requested', 30],
  ['waiting', 15],
  ['quoted', 20],
  ['clarifying', 12],
  ['contacted', 12],
  ['rejected', 6],
  ['converted', 5],
];

interface BenchLead {
  values: LeadValues;
  timeline: TimelineValues[];
}

function benchLead(rng: Rng, reference: string, now: number, staffIds: readonly number[]): BenchLead {
  const age = rng.next() ** 1.3; // a little denser towards the present
  const createdAt = new Date(Math.round((now - age * HISTORY_DAYS * DAY) / 1000) * 1000);
  const recent = age * HISTORY_DAYS < 21;
  const status = rng.weighted(recent ? RECENT : SETTLED);
  const person = pickPerson(rng);
  const car = pickCar(rng);
  const year = rng.int(car.years[0], car.years[1]);
  const currentYear = createdAt.getUTCFullYear();
  const price = estimateMarketPriceEur(car, Math.min(year, currentYear), currentYear, rng);
  const budget = Math.min(90_000, Math.max(15_000, Math.round((price * rng.float(1.1, 1.4)) / 500) * 500));
  const origin = rng.weighted([
    ['form', 50],
    ['email', 38],
    ['manual', 12],
  ] as const);
  const emailSource = origin !== 'form' && rng.chance(0.55) ? 'comercial' : 'geral';
  const mailbox = `${emailSource}@example.pt`;

  const timeline: TimelineValues[] = [];
  if (rng.chance(0.1)) {
    const first = Math.max(
      createdAt.getTime(),
      Math.min(now - 60_000, createdAt.getTime() + rng.float(0.05, 6) * 3_600_000),
    );
    const second = first + rng.float(0.02, 1) * Math.min(20 * DAY, now - first);
    const subject = `Pedido de orçamento - ${car.make} ${car.model}`;
    timeline.push({
      type: 'email',
      title: subject,
      description: `Bom dia, procuro um ${car.make} ${car.model} de ${year} até ${budget} €.`,
      emailData: {
        from: person.email,
        to: mailbox,
        subject,
        body: `Bom dia, procuro um ${car.make} ${car.model} de ${year} até ${budget} €.`,
        isOutgoing: false,
      },
      metadata: { threadId: `bench-${reference}` },
      messageId: `<bench-${reference}-1@example.pt>`,
      createdAt: new Date(Math.round(first)),
      createdBy: null,
    });
    timeline.push(
      rng.chance(0.5)
        ? {
            type: 'call',
            title: 'Chamada telefónica',
            description: `Liguei a ${person.firstName} para confirmar o pedido.`,
            emailData: null,
            metadata: {
              duration: `${rng.int(2, 12)} min`,
              outcome: rng.pick(['Interessado', 'Sem resposta', 'Vai pensar']),
              followUp: null,
            },
            messageId: null,
            createdAt: new Date(Math.round(second)),
            createdBy: staffIds.length ? rng.pick(staffIds) : null,
          }
        : {
            type: 'chat',
            title: 'WhatsApp do cliente',
            description: `Cliente: Olá, já há novidades sobre o ${car.model}?`,
            emailData: null,
            metadata: null,
            messageId: null,
            createdAt: new Date(Math.round(second)),
            createdBy: staffIds.length ? rng.pick(staffIds) : null,
          },
    );
  }
  const lastInteractionAt = timeline.at(-1)?.createdAt ?? createdAt;
  const quoted = status === 'quoted' || status === 'contacted' || status === 'converted';

  return {
    values: {
      reference,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      phoneNormalized: normalizePhone(person.phone),
      vehicleMake: car.make,
      vehicleModel: car.model,
      vehicleYear: year,
      budget: `${budget}.00`,
      mileage: rng.pick([50_000, 80_000, 100_000, 150_000]),
      transmission: rng.pick(['auto', 'auto', 'manual', 'any'] as const),
      fuelType: car.fuel,
      vehicleLink: rng.chance(0.3) ? listingUrl(rng, 'mobile.de', car, car.variants[0]!, CAR_COLOURS[0]!) : null,
      notes: rng.chance(0.05) ? rng.pick(LEAD_NOTES) : null,
      status,
      quotedAmount: quoted ? `${Math.round((budget * rng.float(0.85, 1.02)) / 10) * 10}.00` : null,
      starred: rng.chance(0.03),
      manual: origin === 'manual',
      emailSource,
      origin,
      utmSource: origin === 'form' && rng.chance(0.5) ? rng.pick(['google', 'facebook', 'instagram'] as const) : null,
      assignedTo: staffIds.length && rng.chance(0.8) ? rng.pick(staffIds) : null,
      lastInteractionAt,
      createdAt,
      updatedAt: lastInteractionAt,
    },
    timeline,
  };
}

/** Adds `count` benchmark leads (and a short timeline on about 10% of them). */
export async function seedBench(
  db: Db,
  options: SeedBenchOptions,
): Promise<{ leads: number; timelineEntries: number }> {
  const { count } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error(`count must be a positive whole number, got ${count}`);
  const now = (options.now ?? new Date()).getTime();
  const rng = createRng(options.seed ?? 'autoimport-bench');
  const txSize = options.transactionSize ?? 25_000;
  const batchSize = options.batchSize ?? MAX_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH)
    throw new Error(`batchSize must be 1 to ${MAX_BATCH}`);

  const staffIds = (await db.select({ id: users.id }).from(users)).map((u) => u.id);
  // One statement reserves the whole block of references instead of one nextval per lead.
  const result = await db.execute<{ n: string | number }>(
    sql`select nextval('lead_reference_seq') as n from generate_series(1, ${count})`,
  );
  const references = (result as { rows: { n: string | number }[] }).rows.map((r) => `L${r.n}`);

  let inserted = 0;
  let timelineEntries = 0;
  for (let start = 0; start < count; start += txSize) {
    const slice = references.slice(start, start + txSize);
    timelineEntries += await db.transaction(async (tx) => {
      let entries = 0;
      for (let i = 0; i < slice.length; i += batchSize) {
        const batch = slice.slice(i, i + batchSize).map((ref) => benchLead(rng, ref, now, staffIds));
        entries += await insertBatch(tx, batch);
      }
      return entries;
    });
    inserted += slice.length;
    options.onProgress?.(inserted);
  }
  return { leads: inserted, timelineEntries };
}

async function insertBatch(tx: Tx, batch: BenchLead[]): Promise<number> {
  const withTimeline = batch.filter((b) => b.timeline.length > 0);
  if (withTimeline.length === 0) {
    await tx.insert(leads).values(batch.map((b) => b.values));
    return 0;
  }
  const rows = await tx
    .insert(leads)
    .values(batch.map((b) => b.values))
    .returning({ id: leads.id, reference: leads.reference });
  const idOf = new Map(rows.map((r) => [r.reference, r.id]));
  const entries = withTimeline.flatMap((b) => b.timeline.map((t) => ({ ...t, leadId: idOf.get(b.values.reference)! })));
  await tx.insert(leadTimeline).values(entries);
  return entries.length;
}
