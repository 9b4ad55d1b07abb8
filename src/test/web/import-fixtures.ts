/**
 * Web test data shaped like the imports and suppliers API's answers (src/shared/schemas/imports.ts,
 * suppliers.ts), valid by default and overridable per test.
 */
import { importFinance } from '#shared/imports/finance.ts';
import type { Import, ImportCost } from '#shared/schemas/imports.ts';
import type { ImportListItem, ImportListResponse } from '#shared/schemas/imports-list.ts';
import type { Proposal } from '#shared/schemas/proposals.ts';
import type { Supplier } from '#shared/schemas/suppliers.ts';

let lastId = 4999;
const nextId = () => ++lastId;

export function buildCost(overrides: Partial<ImportCost> = {}): ImportCost {
  return {
    id: overrides.id ?? nextId(),
    importId: 42,
    supplierId: 3,
    supplierName: 'Transportes Silva',
    date: '2026-11-20',
    value: '850.00',
    notes: null,
    invoicedToUs: false,
    invoiced: false,
    paid: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** An import (GET /api/imports/{id}); its finance follows its service price and costs unless given. */
export function buildImport(overrides: Partial<Import> = {}): Import {
  const base: Import = {
    id: 42,
    publicId: '6f1c2d3e-0000-4000-8000-000000000042',
    leadId: null,
    leadReference: null,
    proposalId: null,
    proposalPublicId: null,
    clientName: 'Maria Silva',
    clientEmail: 'maria@example.com',
    clientPhone: '+351 912 000 111',
    clientAddress: 'Rua Augusta 1, Lisboa',
    clientVatId: 'PT123456789',
    vehicleMake: 'BMW',
    vehicleModel: 'X5',
    vehicleYear: 2021,
    vehicleVin: 'WBA12345678901234',
    vehiclePrice: '45000.00',
    vehicleIsv: '5120.40',
    servicePrice: '2340.00',
    status: 'in_transit',
    invoiced: false,
    paid: false,
    notes: null,
    deliveryNotes: null,
    expectedDeliveryDate: null,
    expectedStageDates: {},
    notifyCustomer: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    statusChangedAt: '2026-11-20T09:00:00.000Z',
    daysInStage: 3,
    history: [
      { status: 'confirmed', changedAt: '2026-11-01T09:00:00.000Z', changedBy: { id: 1, name: 'Ana Costa' } },
      { status: 'in_transit', changedAt: '2026-11-20T09:00:00.000Z', changedBy: null },
    ],
    costs: [],
    finance: importFinance('2340.00', []),
    version: 3,
  };
  const imp = { ...base, ...overrides };
  return overrides.finance ? imp : { ...imp, finance: importFinance(imp.servicePrice, imp.costs) };
}

export function buildImportListItem(overrides: Partial<ImportListItem> = {}): ImportListItem {
  return {
    id: overrides.id ?? nextId(),
    leadId: null,
    clientName: 'Maria Silva',
    clientEmail: 'maria@example.com',
    vehicleMake: 'BMW',
    vehicleModel: 'X5',
    vehicleYear: 2021,
    vehicleVin: null,
    status: 'in_transit',
    vehiclePrice: '45000.00',
    vehicleIsv: '5120.40',
    servicePrice: '2340.00',
    costsTotal: '850.00',
    profit: '1490.00',
    invoiced: false,
    paid: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    statusChangedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export const buildImportPage = (
  items: ImportListItem[],
  extra: Partial<ImportListResponse> = {},
): ImportListResponse => ({
  items,
  total: items.length,
  nextCursor: null,
  ...extra,
});

export function buildSupplier(overrides: Partial<Supplier> = {}): Supplier {
  return {
    id: overrides.id ?? nextId(),
    name: 'Transportes Silva',
    address: null,
    country: 'Germany',
    vatId: 'DE123456789',
    email: 'ops@silva.example',
    phone: '+49 30 1234567',
    notes: null,
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-01T09:00:00.000Z',
    totals: { costCount: 0, costsTotal: '0.00', unpaidCount: 0, unpaidTotal: '0.00' },
    version: 1,
    ...overrides,
  };
}

/** A proposal as GET /api/leads/{id}/proposals answers it. */
export function buildProposalAnswer(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: overrides.id ?? nextId(),
    publicId: 'p-abc',
    leadId: 7,
    vehicleBrand: 'Audi',
    vehicleModel: 'A4 Avant',
    vehicleSubmodel: null,
    vehicleGearbox: null,
    vehicleEuroNorm: null,
    vehicleParticleFilter: null,
    sellerType: null,
    vehicleMileage: 60000,
    vehicleEngineSize: 1968,
    vehicleFuelType: 'diesel',
    vehiclePower: null,
    vehicleCo2Emissions: 130,
    vehicleFirstRegistration: '03/2021',
    vehicleCountry: 'DE',
    vehiclePrice: '24500.00',
    vehicleOriginalPrice: null,
    vehiclePriceWithoutVat: null,
    listedPrice: null,
    listedCurrency: null,
    exchangeRate: null,
    exchangeRateDate: null,
    wltpValue: true,
    hybridValue: false,
    pluginValue: false,
    transportCost: '2000.00',
    registrationFee: '340.00',
    taxDeclarationDate: null,
    registrationCountry: 'eu',
    dieselParticlesBelowLimit: false,
    electricRangeKm: null,
    euro6eBis: false,
    sourceListing: null,
    isvCost: '3120.55',
    ivaCost: '0.00',
    totalCost: '29960.55',
    imageUrls: [],
    viewCount: 0,
    firstViewedAt: null,
    lastViewedAt: null,
    sentAt: null,
    listingCheckedAt: null,
    listingChange: null,
    createdBy: null,
    createdAt: '2026-11-10T09:00:00.000Z',
    updatedAt: '2026-11-10T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}
