import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '#server/db/schema/proposals.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const PROPOSAL_KEYS = [
  'vehicleBrand',
  'vehicleModel',
  'vehicleSubmodel',
  'vehicleFirstRegistration',
  'vehicleMileage',
  'vehicleEngineSize',
  'vehicleFuelType',
  'vehiclePower',
  'vehicleCo2Emissions',
  'vehicleCountry',
  'vehiclePrice',
  'vehicleOriginalPrice',
  'vehiclePriceWithoutVat',
  'vehicleGearbox',
  'listedPrice',
  'listedCurrency',
  'exchangeRate',
  'exchangeRateDate',
  'isvCost',
  'ivaCost',
  'transportCost',
  'registrationFee',
  'totalCost',
  'taxTablesPending',
  'sourceListing',
  'imageUrls',
].sort();

describe('GET /api/proposals/public/:publicId', () => {
  let t: TestApp;
  let staffId: number;
  let leadId: number;
  beforeAll(async () => {
    t = await createTestApp();
    staffId = (await t.createUser({ role: 'admin', firstName: 'Staff' })).id;
    const lead = await insertLead(t.database.db, {
      reference: 'L77001',
      firstName: 'Joana',
      lastName: 'Martins',
      email: 'joana@example.pt',
      phone: '+351 961 000 000',
      vehicleMake: 'BMW',
      vehicleModel: 'X1',
      emailSource: 'comercial',
      notes: 'internal note',
      assignedTo: staffId,
      quotedAmount: '31000.00',
    });
    leadId = lead.id;
    await t.database.db.insert(proposals).values([
      {
        publicId: '5b0f1f8e-1c1e-4a8a-9a51-0d7f7f000001',
        leadId,
        vehicleBrand: 'BMW',
        vehicleModel: 'X1',
        vehicleSubmodel: 'sDrive18d',
        vehicleMileage: 45000,
        vehicleEngineSize: 1995,
        vehicleFuelType: 'diesel',
        vehiclePower: '110 kW (150 cv)',
        vehicleCo2Emissions: 119,
        vehicleFirstRegistration: '03/2020',
        vehicleCountry: 'Alemanha',
        vehiclePrice: '24500.00',
        vehicleOriginalPrice: '25900.00',
        vehiclePriceWithoutVat: '20588.24',
        isvCost: '2980.12',
        ivaCost: '0.00',
        totalCost: '29820.12',
        sourceListing: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
        imageUrls: ['/media/abcdef0123456789', 'https://img.example/b.jpg'],
        createdBy: staffId,
        taxDeclarationDate: '2026-01-10',
        electricRangeKm: null,
      },
      {
        publicId: '5b0f1f8e-1c1e-4a8a-9a51-0d7f7f000002',
        leadId: null,
        vehicleBrand: 'Fiat',
        vehicleModel: '500',
        createdBy: staffId,
      },
    ]);
  });
  afterAll(() => t.close());

  const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/proposals/public/${id}` });

  it('answers exactly the public proposal shape, with the lead fields a customer may see', async () => {
    const res = await get('5b0f1f8e-1c1e-4a8a-9a51-0d7f7f000001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['lead', 'proposal']);
    expect(Object.keys(body.proposal).sort()).toEqual(PROPOSAL_KEYS);
    expect(body).toEqual({
      proposal: {
        vehicleBrand: 'BMW',
        vehicleModel: 'X1',
        vehicleSubmodel: 'sDrive18d',
        vehicleFirstRegistration: '03/2020',
        vehicleMileage: 45000,
        vehicleEngineSize: 1995,
        vehicleFuelType: 'diesel',
        vehiclePower: '110 kW (150 cv)',
        vehicleCo2Emissions: 119,
        vehicleCountry: 'Alemanha',
        vehiclePrice: '24500.00',
        vehicleOriginalPrice: '25900.00',
        vehiclePriceWithoutVat: '20588.24',
        vehicleGearbox: null,
        listedPrice: null,
        listedCurrency: null,
        exchangeRate: null,
        exchangeRateDate: null,
        isvCost: '2980.12',
        ivaCost: '0.00',
        transportCost: '2000.00',
        registrationFee: '340.00',
        totalCost: '29820.12',
        taxTablesPending: null,
        sourceListing: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
        imageUrls: ['/media/abcdef0123456789', 'https://img.example/b.jpg'],
      },
      lead: {
        firstName: 'Joana',
        lastName: 'Martins',
        email: 'joana@example.pt',
        reference: 'L77001',
        emailSource: 'comercial',
      },
    });
  });

  it('leaks nothing internal: no ids, staff, tax inputs, notes or the lead phone', async () => {
    const text = (await get('5b0f1f8e-1c1e-4a8a-9a51-0d7f7f000001')).body;
    for (const leak of [
      '"id"',
      'leadId',
      'createdBy',
      'assignedTo',
      'phone',
      '+351 961',
      'internal note',
      'quotedAmount',
      'taxDeclarationDate',
      'wltpValue',
      'publicId',
      'createdAt',
      String(staffId) + ',',
    ]) {
      expect(text, leak).not.toContain(leak);
    }
  });

  it('omits lead when the proposal has none; defaults show as stored', async () => {
    const body = (await get('5b0f1f8e-1c1e-4a8a-9a51-0d7f7f000002')).json();
    expect(body.lead).toBeUndefined();
    expect(body.proposal).toMatchObject({
      vehicleBrand: 'Fiat',
      transportCost: '2000.00',
      registrationFee: '340.00',
      totalCost: null,
      imageUrls: [],
      sourceListing: null,
    });
  });

  it('answers 404 in Portuguese to an unknown, malformed or over-long id, to anyone', async () => {
    for (const id of ['5b0f1f8e-1c1e-4a8a-9a51-0d7f7f999999', 'not%20an%20id', 'x'.repeat(37), "1'%20or%20'1'='1"]) {
      const res = await get(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ code: 'NOT_FOUND', message: 'Proposta não encontrada' });
    }
  });
});
