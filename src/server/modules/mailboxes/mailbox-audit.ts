import { AppError } from '#server/lib/app-error.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { MAIL_ACCOUNT_LABELS, type ConnectImapInput, type MailAccount } from '#shared/schemas/mailboxes.ts';
import type { AuditEvent } from '#shared/schemas/audit.ts';
import type { MailboxConnectionsService } from './mailbox-connections.service.ts';

/** Who made a mailbox call: the signed-in admin and the address the call came from. */
export interface MailboxActor {
  id: number;
  username: string;
  ip: string;
}

/** What an admin may read in the log about a failure: our own messages, never an internal error. */
const failure = (err: unknown) => (err instanceof AppError ? err.message : 'an unexpected error');

/**
 * Connecting, testing and disconnecting a company mailbox are security events (issue 31): each
 * writes the security audit log with the admin, the address, the mailbox and the outcome, failures
 * included. The mailbox calls themselves are the service's.
 */
export function createMailboxAudit(
  mailboxes: Pick<MailboxConnectionsService, 'connectImap' | 'disconnect' | 'test' | 'googleCallback'>,
  audit: Pick<AuditService, 'record'>,
) {
  const record = (event: AuditEvent, actor: MailboxActor, details: string) =>
    audit.record({
      event,
      userId: actor.id,
      username: actor.username.toLowerCase(),
      ipAddress: actor.ip,
      details,
    });

  /** Runs the call; audits its success or its failure, then answers or throws as the call did. */
  async function audited<T>(
    actor: MailboxActor,
    call: () => Promise<T>,
    ok: (result: T) => [AuditEvent, string],
    failed: (reason: string) => [AuditEvent, string],
  ): Promise<T> {
    let result: T;
    try {
      result = await call();
    } catch (err) {
      const [event, details] = failed(failure(err));
      await record(event, actor, details);
      throw err;
    }
    const [event, details] = ok(result);
    await record(event, actor, details);
    return result;
  }

  return {
    connectImap: (account: MailAccount, input: ConnectImapInput, actor: MailboxActor) =>
      audited(
        actor,
        () => mailboxes.connectImap(account, input),
        () => ['mailbox_connected', `${MAIL_ACCOUNT_LABELS[account]}: ${input.address.toLowerCase()} by IMAP/SMTP`],
        (reason) => [
          'mailbox_connect_failed',
          `${MAIL_ACCOUNT_LABELS[account]}: ${input.address.toLowerCase()}: ${reason}`,
        ],
      ),

    googleCallback: (
      query: Parameters<MailboxConnectionsService['googleCallback']>[0],
      sid: string | null,
      actor: MailboxActor,
    ) =>
      audited(
        actor,
        () => mailboxes.googleCallback(query, sid),
        (account) => ['mailbox_connected', `${MAIL_ACCOUNT_LABELS[account]}: by Google sign-in`],
        (reason) => ['mailbox_connect_failed', `Google sign-in: ${reason}`],
      ),

    disconnect: (account: MailAccount, actor: MailboxActor) =>
      audited(
        actor,
        () => mailboxes.disconnect(account),
        ({ revoked }) => [
          'mailbox_disconnected',
          `${MAIL_ACCOUNT_LABELS[account]}${revoked ? ' (Google access revoked)' : ''}`,
        ],
        (reason) => ['mailbox_disconnected', `${MAIL_ACCOUNT_LABELS[account]}: not disconnected: ${reason}`],
      ),

    test: (actor: MailboxActor) =>
      audited(
        actor,
        () => mailboxes.test(),
        ({ results }) => [
          'mailbox_tested',
          results.map((r) => `${MAIL_ACCOUNT_LABELS[r.account]}: ${r.ok ? 'ok' : `failed: ${r.message}`}`).join('; '),
        ],
        (reason) => ['mailbox_tested', `not tested: ${reason}`],
      ),
  };
}

export type MailboxAudit = ReturnType<typeof createMailboxAudit>;
