import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

/** Next generated lead reference, e.g. 'L10042' (DECISIONS 6). */
export async function nextLeadReference(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ n: string | number }>(sql`select nextval('lead_reference_seq') as n`);
  const row = (result as { rows: { n: string | number }[] }).rows[0];
  return `L${row!.n}`;
}
