// Public-site fixtures for the browser tests (e2e/prepare-db.ts) and bench/lighthouse.ts: company
// settings, leads and proposals in every shape the proposal page handles, with small generated
// PNG photos (generated-png.ts) stored in stored_media (served from /media/{key}).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { proposals, storedMedia } from '#server/db/schema/proposals.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { ensureSettingDefaults } from '#server/modules/settings/settings.repository.ts';
import { generatePng } from './generated-png.ts';

export const PUBLIC_SETTINGS = {
  'company.name': 'AutoImport Lisboa',
  'company.phone': '+351 213 456 789',
  'company.email': 'geral@autoimport.test',
  'manager.geral.name': 'Rita Fernandes',
  'manager.geral.phone': '+351 912 345 678',
  'manager.comercial.name': 'Miguel Costa',
  'manager.comercial.phone': '935 555 111',
} as const;

/** Public ids of the fixture proposals (UUID-shaped, like real ones). */
export const PUBLIC_PROPOSALS = {
  /** Lead from geral; 4 photos of different sizes plus one that does not load; every price line. */
  full: '0e2e0000-0000-4000-8000-000000000001',
  /** Lead from comercial; 2 photos; no listing link, no IVA, prices without reductions. */
  comercial: '0e2e0000-0000-4000-8000-000000000002',
  /** No lead; 1 photo. */
  onePhoto: '0e2e0000-0000-4000-8000-000000000003',
  /** Lead; no photos. */
  noPhotos: '0e2e0000-0000-4000-8000-000000000004',
  /** Lead from geral; 4 photos that all load; every price line (bench/lighthouse.ts measures this one). */
  showcase: '0e2e0000-0000-4000-8000-000000000005',
  /** No lead; declared in 2027, after the last published tax tables: the page warns. */
  nextYear: '0e2e0000-0000-4000-8000-000000000006',
} as const;

export const FULL_PROPOSAL_PHOTO_SIZES = [
  [800, 600],
  [640, 480],
  [1024, 683],
  [720, 540],
] as const;

async function insertPhotos(
  db: Db,
  proposalId: number,
  sizes: readonly (readonly [number, number])[],
  hue: number,
): Promise<string[]> {
  const rows = sizes.map(([w, h], i) => {
    const data = generatePng(w, h, (hue + i * 47) % 360);
    return {
      key: randomBytes(16).toString('hex'),
      proposalId,
      contentType: 'image/png',
      byteSize: data.length,
      width: w,
      height: h,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    };
  });
  if (rows.length) await db.insert(storedMedia).values(rows);
  return rows.map((r) => `/media/${r.key}`);
}

const proposalBase = {
  vehicleBrand: 'BMW',
  vehicleModel: 'Série 3',
  vehicleSubmodel: '320d Touring M Sport',
  vehicleMileage: 85714,
  vehicleEngineSize: 1995,
  vehicleFuelType: 'diesel',
  vehiclePower: '140 kW (190 cv)',
  vehicleCo2Emissions: 128,
  vehicleFirstRegistration: '08/2021',
  vehicleCountry: 'Alemanha',
  transportCost: '2000.00',
  registrationFee: '340.00',
};

/** Inserts the settings, leads and proposals above (idempotent per database: run it on a fresh one). */
export async function insertPublicFixtures(db: Db): Promise<void> {
  await ensureSettingDefaults(db);
  for (const [key, value] of Object.entries(PUBLIC_SETTINGS)) {
    await db
      .update(systemSettings)
      .set({ value })
      .where(sql`${systemSettings.key} = ${key}`);
  }
  const [geral, comercial, plain] = await db
    .insert(leads)
    .values([
      {
        reference: 'L90001',
        firstName: 'Joana',
        lastName: 'Martins',
        email: 'joana.martins@example.pt',
        phone: '+351 961 111 222',
        vehicleMake: 'BMW',
        vehicleModel: 'Série 3',
        emailSource: 'geral',
        origin: 'manual',
        status: 'quoted',
      },
      {
        reference: 'L90002',
        firstName: 'Pedro',
        lastName: 'Almeida',
        email: 'pedro.almeida@example.pt',
        phone: '+351 962 333 444',
        vehicleMake: 'Audi',
        vehicleModel: 'A4',
        emailSource: 'comercial',
        origin: 'email',
        status: 'quoted',
      },
      {
        reference: 'L90003',
        firstName: 'Sofia',
        lastName: null,
        email: 'sofia@example.pt',
        phone: '+351 963 555 666',
        vehicleMake: 'Renault',
        vehicleModel: 'Clio',
        emailSource: 'geral',
        origin: 'manual',
        status: 'quoted',
      },
    ])
    .returning({ id: leads.id });

  const [full] = await db
    .insert(proposals)
    .values({
      ...proposalBase,
      publicId: PUBLIC_PROPOSALS.full,
      leadId: geral!.id,
      vehiclePrice: '23450.00',
      vehicleOriginalPrice: '24990.00',
      vehiclePriceWithoutVat: '19705.88',
      isvCost: '3120.45',
      ivaCost: '1250.60',
      totalCost: '30161.05',
      sourceListing: 'https://suchen.mobile.de/fahrzeuge/details.html?id=461901295',
    })
    .returning({ id: proposals.id });
  const fullPhotos = await insertPhotos(db, full!.id, FULL_PROPOSAL_PHOTO_SIZES, 210);
  // The fifth photo does not exist: the page hides it.
  await db
    .update(proposals)
    .set({ imageUrls: [...fullPhotos.slice(0, 2), '/media/0000000000000000dead', ...fullPhotos.slice(2)] })
    .where(sql`${proposals.id} = ${full!.id}`);

  const [second] = await db
    .insert(proposals)
    .values({
      ...proposalBase,
      publicId: PUBLIC_PROPOSALS.comercial,
      leadId: comercial!.id,
      vehicleBrand: 'Audi',
      vehicleModel: 'A4 Avant',
      vehicleSubmodel: null,
      vehicleFuelType: 'petrol_hybrid',
      vehicleCo2Emissions: null,
      vehiclePrice: '31200.00',
      vehicleOriginalPrice: '31200.00',
      vehiclePriceWithoutVat: null,
      isvCost: '2450.00',
      ivaCost: '0.00',
      totalCost: '35990.00',
      sourceListing: null,
    })
    .returning({ id: proposals.id });
  await db
    .update(proposals)
    .set({
      imageUrls: await insertPhotos(
        db,
        second!.id,
        [
          [800, 600],
          [800, 600],
        ],
        20,
      ),
    })
    .where(sql`${proposals.id} = ${second!.id}`);

  const [one] = await db
    .insert(proposals)
    .values({
      ...proposalBase,
      publicId: PUBLIC_PROPOSALS.onePhoto,
      leadId: null,
      vehicleBrand: 'Peugeot',
      vehicleModel: '308',
      vehiclePrice: '15900.00',
      isvCost: '1800.00',
      ivaCost: '0',
      totalCost: '20040.00',
    })
    .returning({ id: proposals.id });
  await db
    .update(proposals)
    .set({ imageUrls: await insertPhotos(db, one!.id, [[900, 600]], 120) })
    .where(sql`${proposals.id} = ${one!.id}`);

  await db.insert(proposals).values({
    ...proposalBase,
    publicId: PUBLIC_PROPOSALS.nextYear,
    leadId: null,
    vehicleBrand: 'Skoda',
    vehicleModel: 'Octavia',
    vehiclePrice: '21081.55',
    isvCost: '2100.00',
    ivaCost: '0',
    totalCost: '25521.55',
    taxDeclarationDate: '2027-03-01',
  });

  const [showcase] = await db
    .insert(proposals)
    .values({
      ...proposalBase,
      publicId: PUBLIC_PROPOSALS.showcase,
      leadId: geral!.id,
      vehiclePrice: '23450.00',
      vehicleOriginalPrice: '24990.00',
      vehiclePriceWithoutVat: '19705.88',
      isvCost: '3120.45',
      ivaCost: '1250.60',
      totalCost: '30161.05',
      sourceListing: 'https://suchen.mobile.de/fahrzeuge/details.html?id=461901295',
    })
    .returning({ id: proposals.id });
  await db
    .update(proposals)
    .set({ imageUrls: await insertPhotos(db, showcase!.id, FULL_PROPOSAL_PHOTO_SIZES, 300) })
    .where(sql`${proposals.id} = ${showcase!.id}`);

  await db.insert(proposals).values({
    ...proposalBase,
    publicId: PUBLIC_PROPOSALS.noPhotos,
    leadId: plain!.id,
    vehicleBrand: 'Renault',
    vehicleModel: 'Clio',
    vehicleSubmodel: null,
    vehiclePrice: '12500.00',
    isvCost: '950.00',
    ivaCost: null,
    totalCost: '15790.00',
  });
}
