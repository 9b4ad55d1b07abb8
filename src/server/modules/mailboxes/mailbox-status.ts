import type { MailAccount, MailboxStatus } from '#shared/schemas/mailboxes.ts';
import type * as repo from './mailboxes.repository.ts';

const KEY_LOST =
  'The stored password or token cannot be read with this server’s key (restored elsewhere?). Reconnect the mailbox.';

/**
 * What Settings shows of one mailbox. `keyLost`: its sealed secret does not open with this
 * server's key. Stale: connected, yet no success for three polls and a minute.
 */
export function statusOf(
  account: MailAccount,
  row: repo.MailboxRow | undefined,
  opts: { keyLost: boolean; now: Date; pollEveryMs: number },
): MailboxStatus {
  if (!row) {
    return {
      account,
      isAuthenticated: false,
      provider: null,
      address: null,
      imap: null,
      smtp: null,
      username: null,
      state: 'not_connected',
      lastSyncAt: null,
      lastSuccessAt: null,
      lastError: null,
      messagesImported: 0,
      messagesIgnored: 0,
      stale: false,
    };
  }
  const config = row.config as repo.MailboxConfig;
  const state = row.status === 'connected' && !opts.keyLost ? 'connected' : 'needs_reconnect';
  const since = row.lastSuccessAt ?? row.createdAt;
  return {
    account,
    isAuthenticated: state === 'connected',
    provider: row.provider as 'gmail' | 'imap',
    address: row.address,
    imap: row.provider === 'imap' ? (config.imap ?? null) : null,
    smtp: row.provider === 'imap' ? (config.smtp ?? null) : null,
    username: row.provider === 'imap' ? (config.username ?? null) : null,
    state,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: opts.keyLost ? KEY_LOST : row.lastError,
    messagesImported: row.messagesImported,
    messagesIgnored: row.messagesIgnored,
    stale: state === 'connected' && opts.now.getTime() - since.getTime() > 3 * opts.pollEveryMs + 60_000,
  };
}
