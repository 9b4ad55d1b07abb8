/**
 * A new proposal's starting values: transport 2000 € and registration 340 €, plus what a listing said.
 * Shared so the editor, the server and the browser extension fill a proposal the same way.
 */
import type { ListingCarData, ProposalInputParsed } from '#shared/schemas/proposals.ts';
import { defaultWltp } from './costs.ts';
import { isForeignCurrency } from './currency.ts';

export const PROPOSAL_DEFAULTS = { transportCost: '2000.00', registrationFee: '340.00' } as const;

/** Country names as the customer's page shows them (Portuguese), by ISO code. */
export const COUNTRY_NAMES_PT: Record<string, string> = {
  DE: 'Alemanha',
  AT: 'Áustria',
  BE: 'Bélgica',
  NL: 'Países Baixos',
  LU: 'Luxemburgo',
  FR: 'França',
  IT: 'Itália',
  ES: 'Espanha',
  PT: 'Portugal',
  PL: 'Polónia',
  RO: 'Roménia',
  CH: 'Suíça',
  CZ: 'Chéquia',
  DK: 'Dinamarca',
  SE: 'Suécia',
  IE: 'Irlanda',
  HU: 'Hungria',
  SK: 'Eslováquia',
  SI: 'Eslovénia',
  HR: 'Croácia',
  GB: 'Reino Unido',
};

export function emptyProposal(): ProposalInputParsed {
  return {
    vehicleBrand: null,
    vehicleModel: null,
    vehicleSubmodel: null,
    vehicleMileage: null,
    vehicleEngineSize: null,
    vehicleFuelType: null,
    vehiclePower: null,
    vehicleCo2Emissions: null,
    vehicleFirstRegistration: null,
    vehicleCountry: null,
    vehicleGearbox: null,
    vehicleEuroNorm: null,
    vehicleParticleFilter: null,
    sellerType: null,
    vehiclePrice: null,
    vehicleOriginalPrice: null,
    vehiclePriceWithoutVat: null,
    listedPrice: null,
    listedCurrency: null,
    exchangeRate: null,
    exchangeRateDate: null,
    wltpValue: true,
    hybridValue: false,
    pluginValue: false,
    transportCost: PROPOSAL_DEFAULTS.transportCost,
    registrationFee: PROPOSAL_DEFAULTS.registrationFee,
    taxDeclarationDate: null,
    registrationCountry: 'eu',
    dieselParticlesBelowLimit: false,
    electricRangeKm: null,
    euro6eBis: false,
    sourceListing: null,
    imageUrls: [],
  };
}

/** '110 kW (150 cv)': the power line the customer's page shows. */
export function powerText(kw: number | null, hp: number | null): string | null {
  if (kw && hp) return `${kw} kW (${hp} cv)`;
  if (kw) return `${kw} kW (${Math.round(kw * 1.35962)} cv)`;
  if (hp) return `${Math.round(hp / 1.35962)} kW (${hp} cv)`;
  return null;
}

/**
 * Prices in another currency are not euros: the euro fields stay empty and the price goes to
 * listedPrice/listedCurrency, for the rate the editor prefills (ADR 055).
 */
const eurosOnly = (car: ListingCarData, amount: string | null) =>
  car.currency && car.currency !== 'EUR' ? null : amount;

export function proposalFromListing(car: ListingCarData, imageUrls: string[], sourceUrl: string): ProposalInputParsed {
  const fuel = car.fuel;
  const cycleKnown = car.co2Cycle !== 'unknown';
  return {
    ...emptyProposal(),
    vehicleBrand: car.brand,
    vehicleModel: car.model,
    vehicleSubmodel: car.submodel,
    vehicleMileage: car.mileageKm,
    vehicleEngineSize: car.engineCc,
    vehicleFuelType: fuel,
    vehiclePower: powerText(car.powerKw, car.powerHp),
    vehicleCo2Emissions: car.co2,
    vehicleFirstRegistration: car.firstRegistration,
    vehicleCountry: car.country ? (COUNTRY_NAMES_PT[car.country.toUpperCase()] ?? car.country) : null,
    vehicleGearbox: car.gearbox,
    vehicleEuroNorm: car.euroNorm,
    vehicleParticleFilter: car.particleFilter,
    sellerType: car.sellerType,
    vehiclePrice: eurosOnly(car, car.price),
    vehicleOriginalPrice: eurosOnly(car, car.originalPrice),
    vehiclePriceWithoutVat: eurosOnly(car, car.priceWithoutVat),
    ...(isForeignCurrency(car.currency) && car.price
      ? { listedPrice: car.price, listedCurrency: car.currency.toUpperCase() }
      : {}),
    // The listing's own cycle when it says; otherwise WLTP from a September 2018 first registration.
    wltpValue: cycleKnown ? car.co2Cycle === 'wltp' : defaultWltp(car.firstRegistration),
    hybridValue: car.hybrid && !car.plugin,
    pluginValue: car.plugin,
    // The plug-in rule's 'Euro 6e-bis' condition, when the listing states that norm (docs/tax-rules.md).
    euro6eBis: car.plugin && car.euroNorm === 'Euro 6e-bis',
    registrationCountry: 'eu',
    sourceListing: sourceUrl,
    imageUrls,
  };
}
