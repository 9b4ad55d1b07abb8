// Shared by the leads list and export integration tests: a fixed clock and a lead factory.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import type { TestApp } from '#test/test-app.ts';
import { insertLead, type LeadRow, type NewLeadRow } from '../leads.repository.ts';

export const NOW = new Date('2026-11-20T12:00:00Z');
export const HOUR = 3_600_000;
export const hoursAgo = (h: number) => new Date(NOW.getTime() - h * HOUR);

let counter = 0;

/** A lead with sensible defaults: requested, geral, created and last touched one hour ago. */
export function addLead(db: DbOrTx, over: Partial<NewLeadRow> = {}): Promise<LeadRow> {
  counter += 1;
  const at = over.lastInteractionAt ?? hoursAgo(1);
  return insertLead(db, {
    reference: `T${String(counter).padStart(5, '0')}`,
    firstName: `Person${counter}`,
    lastName: null,
    email: null,
    vehicleMake: 'Fiat',
    vehicleModel: 'Panda',
    status: 'requested',
    emailSource: 'geral',
    createdAt: at,
    ...over,
    lastInteractionAt: at,
  });
}

export async function clearLeads(db: DbOrTx): Promise<void> {
  await db.delete(leads).where(sql`true`);
}

export function getter(t: TestApp) {
  return (cookie: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
