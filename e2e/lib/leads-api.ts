import type { Browser, Page } from '@playwright/test';
import { api, expectShell } from '../fixtures.ts';
import type { E2EUser } from '../users.ts';

/** What the tests need of a lead answer (src/shared/schemas/leads.ts). */
export interface CreatedLead {
  id: number;
  reference: string;
  firstName: string;
  lastName: string | null;
  status: string;
  emailSource: 'geral' | 'comercial';
  lastInteractionAt: string;
  createdAt: string;
}

/**
 * A word no other lead in the shared test database contains, so a search for it isolates one
 * test's leads (the server searches name, e-mail, make, model and reference).
 */
export function uniqueTag(prefix = 'zq'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface NewLead {
  firstName?: string;
  lastName?: string;
  email?: string;
  vehicleMake?: string;
  vehicleModel?: string;
  budget?: number | string;
  emailSource?: 'geral' | 'comercial';
  /** Set after creation with PUT (manual leads start as requested). */
  status?: 'requested' | 'quoted' | 'clarifying' | 'waiting' | 'contacted' | 'rejected';
  /** Log a call at this time: the lead's last interaction moves there (the server recomputes it). */
  lastContactAt?: Date;
}

/** Leads through the JSON API of the page's signed-in user (page.request shares its cookies). */
export function leadsApi(page: Page) {
  const client = api(page);
  return {
    async create(lead: NewLead = {}): Promise<CreatedLead> {
      const { status, lastContactAt, ...fields } = lead;
      let created = await client.post<CreatedLead>('/api/leads/manual', {
        firstName: 'Test',
        vehicleMake: 'BMW',
        vehicleModel: '320d',
        ...fields,
      });
      if (status && status !== 'requested')
        // Rejecting says why (ADR 067).
        created = await client.put<CreatedLead>(`/api/leads/${created.id}`, {
          status,
          ...(status === 'rejected' ? { lostReason: 'price' } : {}),
        });
      if (lastContactAt) {
        await client.post(`/api/leads/${created.id}/timeline`, {
          type: 'call',
          title: 'Call',
          description: 'Spoke with the customer',
          createdAt: lastContactAt.toISOString(),
        });
        created = await client.get<CreatedLead>(`/api/leads/${created.id}`);
      }
      return created;
    },
    get: (id: number) => client.get<CreatedLead & { seen: boolean }>(`/api/leads/${id}`),
  };
}

/** Another signed-in browser context (a second user's session), closed by the caller. */
export async function otherSession(browser: Browser, user: E2EUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await api(page).login(user.username, user.password);
  return { context, page, leads: leadsApi(page), close: () => context.close() };
}

/** Signs in through the API (no login toast in the way) and opens the path in the shell. */
export async function openAs(page: Page, user: E2EUser, path: string): Promise<void> {
  await api(page).login(user.username, user.password);
  await page.goto(path);
  await expectShell(page);
}

export const hoursAgo = (hours: number, from = new Date()) => new Date(from.getTime() - hours * 3_600_000);
