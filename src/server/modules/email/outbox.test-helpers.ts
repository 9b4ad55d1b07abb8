import type { MailSender, OutgoingMail, SentResult } from '#server/integrations/mail-send/mail-sender.ts';

/**
 * A mail sender for the outbox's own rules (claims, retries, fencing): it records what it was asked
 * to send and can be switched down. The real adapter is tested against the mail rig.
 */
export function memorySender(addresses: { geral?: string; comercial?: string } = { geral: 'geral@empresa.pt' }) {
  const sent: { mail: OutgoingMail; from: string }[] = [];
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
      sent.push({ mail, from });
      return { sentCopy: 'appended' };
    },
  };
  return { sender, sent, state };
}
