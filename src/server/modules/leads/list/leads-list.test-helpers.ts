// Shared by the leads list, export and list service tests: their fixed clock, and leads placed in
// time against it (the rest of each lead comes from the shared factory, src/test/factories.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { insertLead } from '#test/factories.ts';
import type { TestApp } from '#test/test-app.ts';
import type { LeadRow, NewLeadRow } from '../leads.repository.ts';

export const NOW = new Date('2026-11-20T12:00:00Z');
export const HOUR = 3_600_000;
export const hoursAgo = (h: number) => new Date(NOW.getTime() - h * HOUR);

/** A lead created and last touched at `lastInteractionAt`: one hour before NOW unless given. */
export function addLead(db: DbOrTx, over: Partial<NewLeadRow> = {}): Promise<LeadRow> {
  const at = over.lastInteractionAt ?? hoursAgo(1);
  return insertLead(db, { createdAt: at, ...over, lastInteractionAt: at });
}

export async function clearLeads(db: DbOrTx): Promise<void> {
  await db.delete(leads).where(sql`true`);
}

export function getter(t: TestApp) {
  return (cookie: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
