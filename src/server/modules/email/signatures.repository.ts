import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailboxSignatures } from '#server/db/schema/outbox.ts';
import type { MailboxAccount } from '#shared/schemas/email.ts';

export async function findSignature(db: DbOrTx, account: MailboxAccount) {
  const [row] = await db.select().from(mailboxSignatures).where(eq(mailboxSignatures.account, account)).limit(1);
  return row;
}

/** Creates or replaces the signature; undefined when `expectedVersion` is given and stale (0: none saved yet). */
export async function saveSignature(
  db: DbOrTx,
  account: MailboxAccount,
  values: { html: string; updatedBy: number; updatedAt: Date },
  expectedVersion: number | undefined,
) {
  const [row] = await db
    .insert(mailboxSignatures)
    .values({ account, ...values })
    .onConflictDoUpdate({
      target: mailboxSignatures.account,
      set: { ...values, version: sql`${mailboxSignatures.version} + 1` },
      // Version 0 means "none saved yet": then an existing row is someone else's newer save.
      ...(expectedVersion === undefined
        ? {}
        : { setWhere: and(eq(mailboxSignatures.account, account), eq(mailboxSignatures.version, expectedVersion)) }),
    })
    .returning();
  return row;
}
