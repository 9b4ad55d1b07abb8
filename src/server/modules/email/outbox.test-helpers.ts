import type { MailboxAccount } from '#shared/schemas/email.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { mailboxConnections } from '#server/db/schema/messaging.ts';
import type { MailSender, OutgoingMail, SentResult } from '#server/integrations/mail-send/mail-sender.ts';

/**
 * A mail sender for the outbox's own rules (claims, retries, fencing): it records what it was asked
 * to send and can be switched down. The real adapter is tested against the mail rig.
 */
export function memorySender(addresses: { geral?: string; comercial?: string } = { geral: 'geral@empresa.pt' }) {
  const sent: { mail: OutgoingMail; from: string; at: number }[] = [];
  const state = { down: null as string | null, delayMs: 0, permanent: false };
  const sender: MailSender = {
    fromAddress: (account) => Promise.resolve(addresses[account] ?? null),
    async send(mail, from): Promise<SentResult> {
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.down) {
        const err = new Error(state.down) as Error & { responseCode?: number };
        if (state.permanent) err.responseCode = 550;
        throw err;
      }
      sent.push({ mail, from, at: performance.now() });
      return { sentCopy: 'appended' };
    },
  };
  return { sender, sent, state };
}

/**
 * A mailbox row that counts as able to send (the send call reads the mailboxes' state with the lead;
 * the memory sender stands for the server behind it). Its secret is not a real one.
 */
export async function markMailboxConnected(db: DbOrTx, account: MailboxAccount, address: string): Promise<void> {
  await db
    .insert(mailboxConnections)
    .values({
      account,
      provider: 'imap',
      address,
      config: {
        imap: { host: '127.0.0.1', port: 1, security: 'none' },
        smtp: { host: '127.0.0.1', port: 1, security: 'none' },
      },
      secretEncrypted: 'not-a-real-secret',
      status: 'connected',
    })
    .onConflictDoUpdate({ target: mailboxConnections.account, set: { address, status: 'connected' } });
}
