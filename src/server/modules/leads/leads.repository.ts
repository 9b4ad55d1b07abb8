import { normalizePhone } from '../../../shared/phone.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema/leads.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

/** Inserts a lead, keeping phoneNormalized in step with phone. */
export async function insertLead(db: DbOrTx, values: NewLeadRow): Promise<LeadRow> {
  const [row] = await db.insert(leads).values({ ...values, phoneNormalized: normalizePhone(values.phone) }).returning();
  return row!;
}
