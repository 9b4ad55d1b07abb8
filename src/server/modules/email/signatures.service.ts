import type { MailboxAccount, Signature } from '#shared/schemas/email.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { sanitiseSignature } from './signature-sanitise.ts';
import * as repo from './signatures.repository.ts';

export const STALE_SIGNATURE = 'This signature was changed by someone else. Reload to see the latest.';

/** One HTML signature per company mailbox, stored sanitised. */
export function createSignaturesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async get(account: MailboxAccount): Promise<Signature> {
      const row = await repo.findSignature(db, account);
      return { signature: row?.html ?? '', version: row?.version ?? 0 };
    },
    async save(account: MailboxAccount, html: string, userId: number, version?: number): Promise<Signature> {
      const clean = sanitiseSignature(html);
      const row = await repo.saveSignature(
        db,
        account,
        { html: clean, updatedBy: userId, updatedAt: clock.now() },
        version,
      );
      if (!row) throw new AppError('STALE_VERSION', STALE_SIGNATURE);
      return { signature: row.html, version: row.version };
    },
  };
}

export type SignaturesService = ReturnType<typeof createSignaturesService>;
