import { describe, expect, it } from 'vitest';
import {
  CAR_COLOURS,
  CAR_MODELS,
  estimateMarketPriceEur,
  estimateMileageKm,
  generateVin,
  listingUrl,
  powerLabel,
  vinCheckDigit,
} from './cars.ts';
import { createRng } from './prng.ts';

const FUELS = ['petrol', 'diesel', 'petrol_hybrid', 'diesel_hybrid', 'plugin_hybrid', 'electric', 'lpg', 'other'];
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/; // ISO 3779: no I, O or Q

describe('car catalogue', () => {
  it('uses the canonical vocabularies and plausible years', () => {
    for (const car of CAR_MODELS) {
      expect(FUELS).toContain(car.fuel);
      for (const t of car.transmissions) expect(['auto', 'manual']).toContain(t);
      expect(car.years[0]).toBeGreaterThanOrEqual(2016);
      expect(car.years[1]).toBeLessThanOrEqual(2024);
      expect(car.years[0]).toBeLessThanOrEqual(car.years[1]);
      expect(car.engineCc === null).toBe(car.fuel === 'electric');
      if (car.fuel === 'plugin_hybrid' || car.fuel === 'electric') expect(car.electricRangeKm).toBeDefined();
    }
  });

  it('prices older cars lower and puts more kilometres on them', () => {
    const car = CAR_MODELS.find((c) => c.model === '320d')!;
    expect(estimateMarketPriceEur(car, 2017, 2026, createRng(1))).toBeLessThan(
      estimateMarketPriceEur(car, 2023, 2026, createRng(1)),
    );
    expect(estimateMileageKm(2017, 2026, createRng(2))).toBeGreaterThan(estimateMileageKm(2024, 2026, createRng(2)));
  });

  it('labels power in kW and cv', () => {
    expect(powerLabel(140)).toBe('140 kW (190 cv)');
  });
});

describe('VIN', () => {
  it('computes the ISO 3779 / North American check digit', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('is 17 characters without I, O or Q, with the make prefix, year code and a valid check digit', () => {
    const rng = createRng('vin');
    for (let i = 0; i < 300; i++) {
      const car = rng.pick(CAR_MODELS);
      const year = rng.int(car.years[0], car.years[1]);
      const vin = generateVin(rng, car.make, year);
      expect(vin).toHaveLength(17);
      expect(vin).toMatch(VIN);
      expect(vin[8]).toBe(vinCheckDigit(vin));
    }
    expect(generateVin(createRng(1), 'BMW', 2021).slice(0, 3)).toBe('WBA');
    expect(generateVin(createRng(1), 'BMW', 2021)[9]).toBe('M');
    expect(generateVin(createRng(1), 'Audi', 2024)[9]).toBe('R');
  });

  it('is deterministic for a seed', () => {
    expect(generateVin(createRng(5), 'Volvo', 2020)).toBe(generateVin(createRng(5), 'Volvo', 2020));
  });
});

describe('listing URLs', () => {
  const car = CAR_MODELS.find((c) => c.make === 'Mercedes-Benz' && c.model === 'C 220 d')!;
  const colour = CAR_COLOURS[0]!;

  it("follow each site's detail-page format", () => {
    const rng = createRng('urls');
    expect(listingUrl(rng, 'mobile.de', car, 'T-Modell AMG Line', colour)).toMatch(
      /^https:\/\/suchen\.mobile\.de\/fahrzeuge\/details\.html\?id=\d{9}$/,
    );
    expect(listingUrl(rng, 'autoscout24.de', car, 'T-Modell AMG Line', colour)).toMatch(
      /^https:\/\/www\.autoscout24\.de\/angebote\/mercedes-benz-c-220-d-t-modell-amg-line-diesel-schwarz-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(listingUrl(rng, 'standvirtual.com', car, 'T-Modell AMG Line', colour)).toMatch(
      /^https:\/\/www\.standvirtual\.com\/carros\/anuncio\/mercedes-benz-c-220-d-t-modell-amg-line-ID8P[A-Za-z0-9]{6}\.html$/,
    );
  });
});
