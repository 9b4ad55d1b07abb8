// Setup for the imports specs: imports, suppliers and costs made through the API (the page's
// cookies), each test with its own records.
import type { Page } from '@playwright/test';
import { api } from '../fixtures.ts';
import { uniqueContact } from './lead-detail-api.ts';

export interface ApiImport {
  id: number;
  publicId: string;
  status: string;
  version: number;
  clientName: string;
  servicePrice: string | null;
  finance: { profit: string; costsTotal: string };
  history: { status: string; changedAt: string }[];
}

export interface ApiSupplier {
  id: number;
  name: string;
  version: number;
}

export async function createImportViaApi(page: Page, overrides: Record<string, unknown> = {}): Promise<ApiImport> {
  const c = uniqueContact();
  return api(page).post<ApiImport>('/api/imports', {
    clientName: `Client ${c.tag}`,
    clientEmail: `client.${c.tag}@example.com`,
    clientPhone: c.phone,
    vehicleMake: 'Peugeot',
    vehicleModel: '3008',
    vehicleYear: 2022,
    vehiclePrice: '21000',
    vehicleIsv: '1500',
    servicePrice: '2000',
    ...overrides,
  });
}

export const getImportViaApi = (page: Page, id: number) => api(page).get<ApiImport>(`/api/imports/${id}`);

export async function createSupplierViaApi(page: Page, overrides: Record<string, unknown> = {}): Promise<ApiSupplier> {
  const c = uniqueContact();
  return api(page).post<ApiSupplier>('/api/suppliers', {
    name: `Supplier ${c.tag}`,
    country: 'Portugal',
    ...overrides,
  });
}

export async function openImport(page: Page, id: number) {
  await page.goto(`/admin/imports/${id}`);
  await page.getByRole('heading', { level: 1, name: `Import #${id}` }).waitFor();
}
