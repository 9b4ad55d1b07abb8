/**
 * Web test data shaped like the API's answers (src/shared/schemas/leads.ts), valid by default and
 * overridable per test. Ids come from a counter (from 1000, clear of the small ids tests pick), and
 * the reference follows the id unless given: buildLead({ id: 7 }) is lead #AI-2026-0007.
 */
import type { Lead, LeadListItem, LeadListResponse } from '#shared/schemas/leads.ts';

let lastId = 999;
const nextId = () => ++lastId;
const referenceOf = (id: number) => `AI-2026-${String(id).padStart(4, '0')}`;

/** A row of GET /api/leads. */
export function buildLeadListItem(overrides: Partial<LeadListItem> = {}): LeadListItem {
  const id = overrides.id ?? nextId();
  return {
    id,
    reference: referenceOf(id),
    firstName: 'Maria',
    lastName: 'Silva',
    email: 'maria@example.com',
    phone: null,
    vehicleMake: 'BMW',
    vehicleModel: 'X5',
    vehicleYear: 2020,
    budget: '25000.00',
    status: 'requested',
    emailSource: 'geral',
    origin: 'manual',
    starred: false,
    assignedTo: null,
    seen: true,
    lastInteractionAt: '2026-11-21T10:00:00.000Z',
    createdAt: '2026-11-21T10:00:00.000Z',
    quotedAmount: null,
    version: 1,
    nextTask: null,
    ...overrides,
  };
}

/** A page of GET /api/leads: the items, their total, no cursor, no hidden matches. */
export const buildLeadPage = (items: LeadListItem[], extra: Partial<LeadListResponse> = {}): LeadListResponse => ({
  items,
  total: items.length,
  capped: false,
  nextCursor: null,
  hidden: null,
  ...extra,
});

/** GET /api/leads/{id}: a manual lead with contact, vehicle wishes and notes. */
export function buildLead(overrides: Partial<Lead> = {}): Lead {
  const id = overrides.id ?? nextId();
  return {
    id,
    reference: referenceOf(id),
    firstName: 'Maria',
    lastName: 'Silva',
    email: 'maria@example.com',
    phone: '912 345 678',
    vehicleMake: 'BMW',
    vehicleModel: '320d',
    vehicleYear: 2019,
    budget: '25000.00',
    status: 'requested',
    emailSource: 'geral',
    origin: 'manual',
    starred: false,
    seen: true,
    lastInteractionAt: '2026-11-21T14:05:00.000Z',
    createdAt: '2026-11-20T09:30:00.000Z',
    mileage: 85000,
    transmission: 'auto',
    fuelType: 'diesel',
    vehicleLink: 'https://example.com/listing/1',
    notes: 'Wants a family car.',
    quotedAmount: null,
    requestedBudget: '22000.00',
    manual: true,
    utmSource: null,
    assignedTo: null,
    lostReason: null,
    lostReasonText: null,
    updatedAt: '2026-11-21T14:05:00.000Z',
    duplicates: [],
    version: 1,
    nextTask: null,
    ...overrides,
  };
}
