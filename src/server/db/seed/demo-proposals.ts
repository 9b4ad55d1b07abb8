import type { proposals } from '../schema/index.ts';
import { CAR_VIEWS, drawCarSvg } from './car-svg.ts';
import {
  estimateMarketPriceEur,
  estimateMileageKm,
  listingUrl,
  powerLabel,
  type CarColour,
  type CarModel,
  type ListingSite,
} from './cars.ts';
import { estimateIsvCents, estimateIvaCents, yearsBetween } from './isv-estimate.ts';
import { centsToDecimal, formatEuros } from './money.ts';
import type { Rng } from './prng.ts';

export const TRANSPORT_COST_CENTS = 200_000;
export const REGISTRATION_FEE_CENTS = 34_000;

export type ProposalValues = Omit<typeof proposals.$inferInsert, 'id' | 'leadId' | 'imageUrls'>;

export interface PlannedProposal {
  values: ProposalValues;
  /** SVG documents in gallery order; the seed stores them and fills imageUrls. */
  photos: string[];
  totalCents: number;
  /** Amounts as the proposal e-mail prints them ('23 450,00'). */
  figures: { price: string; isv: string; service: string; total: string };
}

export interface ProposalInput {
  car: CarModel;
  variant: string;
  colour: CarColour;
  /** Oldest year the customer accepts. */
  minYear: number;
  maxMileageKm: number;
  createdAt: Date;
  publicId: string;
  createdBy: number | null;
  /** A low-mileage car (at most 6000 km): IVA is due on it. */
  almostNew: boolean;
  site: ListingSite;
  /** Picks the photo backgrounds. */
  scene: number;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function planProposal(rng: Rng, input: ProposalInput): PlannedProposal {
  const { car, createdAt } = input;
  const currentYear = createdAt.getUTCFullYear();
  const year = input.almostNew
    ? car.years[1]
    : Math.min(car.years[1], currentYear - 1, Math.max(input.minYear, car.years[0]) + rng.int(0, 1));
  const month = rng.int(1, 12);
  const firstRegistration = new Date(Date.UTC(year, month - 1, 15));
  const mileage = input.almostNew
    ? rng.int(38, 58) * 100
    : Math.min(input.maxMileageKm - rng.int(2, 40) * 100, estimateMileageKm(year, currentYear, rng));

  const priceEur = estimateMarketPriceEur(car, year, currentYear, rng) + (input.almostNew ? 4_000 : 0);
  const priceCents = priceEur * 100;
  const reduced = rng.chance(0.3);
  const vatDeductible = rng.chance(0.5);
  const co2 = car.co2[0] === car.co2[1] ? car.co2[0] : rng.int(car.co2[0], car.co2[1]);
  const range = car.electricRangeKm ? rng.int(car.electricRangeKm[0], car.electricRangeKm[1]) : null;
  const wltp = firstRegistration >= new Date(Date.UTC(2018, 8, 1));

  const isvCents = estimateIsvCents({
    fuel: car.fuel,
    engineCc: car.engineCc,
    co2,
    wltp,
    electricRangeKm: range,
    firstRegistration,
    declarationDate: createdAt,
  });
  const ivaCents = estimateIvaCents(priceCents, isvCents, mileage, yearsBetween(firstRegistration, createdAt));
  const serviceCents = TRANSPORT_COST_CENTS + REGISTRATION_FEE_CENTS;
  const totalCents = priceCents + isvCents + ivaCents + serviceCents;

  const label = `${car.make} ${car.model} ${input.variant}`;
  const count = rng.int(3, 6);
  const photos = CAR_VIEWS.slice(0, count).map((v, i) =>
    drawCarSvg({
      body: car.body,
      bodyColor: input.colour.hex,
      view: v.view,
      scene: input.scene + i,
      caption: `${label} · ${v.caption}`,
      index: { n: i + 1, of: count },
    }),
  );

  return {
    values: {
      publicId: input.publicId,
      vehicleBrand: car.make,
      vehicleModel: car.model,
      vehicleSubmodel: input.variant,
      vehicleMileage: mileage,
      vehicleEngineSize: car.engineCc,
      vehicleFuelType: car.fuel,
      vehiclePower: powerLabel(car.powerKw),
      vehicleCo2Emissions: co2,
      vehicleFirstRegistration: `${String(month).padStart(2, '0')}/${year}`,
      vehicleCountry: 'Alemanha',
      vehiclePrice: centsToDecimal(priceCents),
      vehicleOriginalPrice: reduced ? centsToDecimal(priceCents + rng.int(5, 25) * 10_000) : null,
      vehiclePriceWithoutVat: vatDeductible ? centsToDecimal(Math.round(priceCents / 1.19)) : null,
      wltpValue: wltp,
      hybridValue: car.fuel === 'petrol_hybrid' || car.fuel === 'diesel_hybrid',
      pluginValue: car.fuel === 'plugin_hybrid',
      transportCost: centsToDecimal(TRANSPORT_COST_CENTS),
      registrationFee: centsToDecimal(REGISTRATION_FEE_CENTS),
      isvCost: centsToDecimal(isvCents),
      ivaCost: centsToDecimal(ivaCents),
      totalCost: centsToDecimal(totalCents),
      taxDeclarationDate: isoDate(createdAt),
      registrationCountry: 'eu',
      dieselParticlesBelowLimit: false,
      electricRangeKm: range,
      euro6eBis: false,
      sourceListing: listingUrl(rng, input.site, car, input.variant, input.colour),
      createdBy: input.createdBy,
      createdAt,
      updatedAt: createdAt,
    },
    photos,
    totalCents,
    figures: {
      price: formatEuros(priceCents),
      isv: formatEuros(isvCents),
      service: formatEuros(serviceCents),
      total: formatEuros(totalCents),
    },
  };
}
