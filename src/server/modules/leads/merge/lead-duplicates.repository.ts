import { and, asc, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import type { PossibleDuplicate } from '#shared/schemas/leads.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';

/** Closed leads are never offered as duplicates (ADR 012). */
export const CLOSED_LEAD_STATUSES = ['rejected', 'converted'];
/** More than this many matches is a shared office number, not a duplicate to merge by hand. */
export const DUPLICATES_LIMIT = 20;

/**
 * Other open leads with the same e-mail (case-insensitive, on the lower(email) index) or the same
 * phone in international form (phone_normalized), oldest first. Computed at read time so both
 * leads show the notice and it goes away when one is closed, merged or edited.
 */
export async function findDuplicates(
  db: DbOrTx,
  lead: { id: number; email: string | null; phoneNormalized: string | null },
): Promise<PossibleDuplicate[]> {
  const email = lead.email?.trim().toLowerCase() || null;
  const phone = lead.phoneNormalized || null;
  if (!email && !phone) return [];
  const emailMatch = email ? sql<boolean>`lower(${leads.email}) = ${email}` : sql<boolean>`false`;
  const phoneMatch = phone ? sql<boolean>`${leads.phoneNormalized} = ${phone}` : sql<boolean>`false`;
  const rows = await db
    .select({
      id: leads.id,
      reference: leads.reference,
      firstName: leads.firstName,
      lastName: leads.lastName,
      createdAt: leads.createdAt,
      onEmail: sql<boolean | string>`(${emailMatch})`,
      onPhone: sql<boolean | string>`(${phoneMatch})`,
    })
    .from(leads)
    .where(
      and(
        ne(leads.id, lead.id),
        notInArray(leads.status, CLOSED_LEAD_STATUSES),
        or(
          email ? eq(sql`lower(${leads.email})`, email) : undefined,
          phone ? eq(leads.phoneNormalized, phone) : undefined,
        ),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(DUPLICATES_LIMIT)
    // A named statement per shape (ADR 073): e-mail, phone or both decide the text.
    .prepare(`lead_duplicates${email ? '_email' : ''}${phone ? '_phone' : ''}`)
    .execute();
  return rows.map(({ onEmail, onPhone, createdAt, ...rest }) => {
    const byEmail = onEmail === true || onEmail === 't';
    const byPhone = onPhone === true || onPhone === 't';
    return {
      ...rest,
      createdAt: new Date(createdAt).toISOString(),
      matchedOn: byEmail && byPhone ? 'both' : byEmail ? 'email' : 'phone',
    };
  });
}
