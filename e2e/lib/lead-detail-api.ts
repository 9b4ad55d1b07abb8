// Setup for the lead detail, timeline and dialog specs: each test creates its own leads through
// the API (the page's cookies), with a phone and e-mail of its own so no other test's lead is
// taken for a duplicate.
import type { Page } from '@playwright/test';
import { api, E2E_USERS, expect } from '../fixtures.ts';

export interface ApiLead {
  id: number;
  reference: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  status: string;
  starred: boolean;
  seen: boolean;
  notes: string | null;
  budget: string | null;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number | null;
  mileage: number | null;
  transmission: string | null;
  fuelType: string | null;
  vehicleLink: string | null;
  quotedAmount: string | null;
  lastInteractionAt: string;
  createdAt: string;
  duplicates: { id: number; reference: string }[];
}

let counter = 0;
/** Unique per call in this run: a Portuguese mobile number (9 digits from 91) and a tag. */
export function uniqueContact() {
  counter += 1;
  const n = (Date.now() * 10 + counter) % 10_000_000;
  const digits = `91${String(n).padStart(7, '0')}`;
  return {
    tag: `${Date.now().toString(36)}${counter}`,
    phone: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    digits,
  };
}

/** Signs the page in through the API (the form is sign-in.spec's business). */
export async function signInViaApi(page: Page, user: { username: string; password: string } = E2E_USERS.admin) {
  await api(page).login(user.username, user.password);
}

/** POST /api/leads/manual with defaults a test can override. */
export async function createLeadViaApi(page: Page, overrides: Record<string, unknown> = {}): Promise<ApiLead> {
  const c = uniqueContact();
  return api(page).post<ApiLead>('/api/leads/manual', {
    firstName: 'Marta',
    lastName: 'Ferreira',
    email: `marta.${c.tag}@example.com`,
    phone: c.phone,
    vehicleMake: 'BMW',
    vehicleModel: '320d',
    vehicleYear: 2019,
    budget: '25000',
    mileage: 85000,
    transmission: 'auto',
    fuelType: 'diesel',
    vehicleLink: 'https://www.example.com/listing/bmw-320d',
    notes: 'Wants a family car.',
    ...overrides,
  });
}

export const getLeadViaApi = (page: Page, id: number) => api(page).get<ApiLead>(`/api/leads/${id}`);

/** Opens the lead and waits for its header. */
export async function openLead(page: Page, lead: Pick<ApiLead, 'id' | 'reference'>) {
  await page.goto(`/admin/leads/${lead.id}`);
  // A whole page load (its lazy route, the lead and its cards): longer than one expect on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: `Lead #${lead.reference}` })).toBeVisible({
    timeout: 15_000,
  });
}

/** The staff date format of the detail (en-US, 24-hour; the browser runs in UTC). */
export const staffDate = (iso: string | Date) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
