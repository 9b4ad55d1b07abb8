import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { storedMedia } from '#server/db/schema/proposals.ts';
import { leads } from '#server/db/schema/leads.ts';
import { insertLead, insertProposal, insertTimelineEntry } from '#test/factories.ts';

/** Tables a restore itself writes to: the backup list, the sessions kept, the audit of the restore. */
export const CHANGED_BY_RESTORE = ['backups', 'sessions', 'security_audit_log'];

/** Per table of the public schema: row count and an md5 over every row's text, in a fixed order. */
export async function fingerprints(db: DbOrTx, skip: string[] = CHANGED_BY_RESTORE) {
  const res = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { tablename } of res.rows) {
    if (skip.includes(tablename)) continue;
    const r = (await db.execute(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from public."${tablename}" t`,
      ),
    )) as unknown as { rows: { n: number; h: string }[] };
    out[tablename] = { rows: Number(r.rows[0]!.n), md5: r.rows[0]!.h };
  }
  return out;
}

/** Some of everything: leads with timelines, a proposal with a stored photo (bytes). */
export async function seedBusinessData(db: DbOrTx, n = 5) {
  for (let i = 0; i < n; i++) {
    const lead = await insertLead(db, { firstName: `Lead ${i}`, notes: `Notas ${i} — ção` });
    await insertTimelineEntry(db, { leadId: lead.id, description: `Call ${i}` });
    await insertTimelineEntry(db, { leadId: lead.id, type: 'call', description: `Call back ${i}` });
  }
  const [lead] = await db.select().from(leads).limit(1);
  const proposal = await insertProposal(db, { leadId: lead!.id });
  const bytes = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
  await db.insert(storedMedia).values({
    key: `k${proposal.id}x${Date.now()}`,
    proposalId: proposal.id,
    contentType: 'image/jpeg',
    byteSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    data: bytes,
  });
}
