import { describe, expect, it } from 'vitest';
import { computeProposalCosts } from '#shared/proposals/costs.ts';
import { emptyProposal, proposalFromListing } from '#shared/proposals/draft.ts';
import { proposalInputSchema, type ListingCarData } from '#shared/schemas/proposals.ts';
import { lenientInt, movePhoto, switchesForFuel, toCostInput, toPayload, valuesFrom } from './editor-values.ts';

const car: ListingCarData = {
  marketplace: 'autoscout24',
  brand: 'BMW',
  model: 'X5',
  submodel: 'xDrive30d M Sport',
  mileageKm: 28558,
  engineCc: 2993,
  fuel: 'diesel',
  hybrid: false,
  plugin: false,
  powerKw: 250,
  powerHp: 340,
  co2: 180,
  co2Cycle: 'unknown',
  firstRegistration: '03/2017',
  country: 'DE',
  price: '65455.00',
  priceWithoutVat: '55004.00',
  originalPrice: '67990.00',
  currency: 'EUR',
  sellerName: 'Autohaus',
  euroNorm: 'Euro 6',
  particleFilter: true,
  gearbox: 'auto',
  sellerType: 'dealer',
};

describe('proposal editor values', () => {
  it('fills a new proposal from a listing: defaults, country name, power line, WLTP by registration or cycle', () => {
    const draft = proposalFromListing(car, ['https://img/1.jpg'], 'https://www.autoscout24.de/angebote/x');
    expect(draft).toMatchObject({
      vehiclePower: '250 kW (340 cv)',
      vehicleCountry: 'Alemanha',
      transportCost: '2000.00',
      registrationFee: '340.00',
      wltpValue: false,
      vehiclePriceWithoutVat: '55004.00',
      sourceListing: 'https://www.autoscout24.de/angebote/x',
      imageUrls: ['https://img/1.jpg'],
    });
    expect(proposalFromListing({ ...car, firstRegistration: '09/2018' }, [], 'x').wltpValue).toBe(true);
    expect(proposalFromListing({ ...car, co2Cycle: 'nedc', firstRegistration: '01/2020' }, [], 'x').wltpValue).toBe(
      false,
    );
    expect(proposalFromListing({ ...car, currency: 'PLN' }, [], 'x').vehiclePrice).toBeNull();
  });

  it('round-trips to a payload the shared schema accepts, keeping only chosen, unbroken photos in order', () => {
    const values = valuesFrom({
      ...emptyProposal(),
      vehicleBrand: 'BMW',
      vehicleMileage: 1000,
      imageUrls: ['a', 'b', 'c'],
    });
    values.photos[1]!.selected = false;
    values.photos[2]!.broken = true;
    const payload = toPayload({ ...values, photos: movePhoto(values.photos, 2, 0) });
    expect(payload.imageUrls).toEqual(['a']);
    const parsed = proposalInputSchema.parse(payload);
    expect(parsed).toMatchObject({
      vehicleBrand: 'BMW',
      vehicleMileage: 1000,
      vehicleModel: null,
      transportCost: '2000.00',
      vehicleFuelType: null,
    });
  });

  it('reads what is typed leniently for the live costs, the same numbers the server computes from the payload', () => {
    const values = {
      ...valuesFrom(emptyProposal()),
      vehicleFuelType: 'diesel' as const,
      vehicleEngineSize: '1.995',
      vehicleCo2Emissions: '119',
      vehicleFirstRegistration: '03/2021',
      vehicleMileage: '85 714',
      vehiclePrice: '24.500,00',
      taxDeclarationDate: '2026-03-15',
    };
    const live = computeProposalCosts(toCostInput(values), '2026-11-21');
    const saved = computeProposalCosts(proposalInputSchema.parse(toPayload(values)), '2026-11-21');
    expect(live).toMatchObject({ isvCost: '2806.62', totalCost: '29646.62' });
    expect(saved.totalCost).toBe(live.totalCost);
    expect(lenientInt('12a')).toBeNull();
  });

  it('moves photos and ignores moves out of range', () => {
    const p = ['a', 'b', 'c'].map((url) => ({ url, selected: true }));
    expect(movePhoto(p, 0, 2).map((x) => x.url)).toEqual(['b', 'c', 'a']);
    expect(movePhoto(p, 2, 0).map((x) => x.url)).toEqual(['c', 'a', 'b']);
    expect(movePhoto(p, 0, 5)).toBe(p);
  });

  it('sets the hybrid switches from the fuel', () => {
    expect(switchesForFuel('petrol_hybrid', { hybridValue: false, pluginValue: false })).toEqual({
      hybridValue: true,
      pluginValue: false,
    });
    expect(switchesForFuel('plugin_hybrid', { hybridValue: true, pluginValue: false })).toEqual({
      hybridValue: false,
      pluginValue: true,
    });
    expect(switchesForFuel('diesel', { hybridValue: true, pluginValue: true })).toEqual({
      hybridValue: false,
      pluginValue: false,
    });
  });
});
