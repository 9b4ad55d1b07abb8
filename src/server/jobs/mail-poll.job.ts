import type { MailboxConnectionsService } from '#server/modules/mailboxes/mailbox-connections.service.ts';
import type { MailboxSyncService } from '#server/modules/mailboxes/mailbox-sync.service.ts';
import { MINUTE, SECOND, everyMinutes, type Job } from './job.ts';

/**
 * Reads every connected mailbox every MAIL_POLL_MINUTES (default 5; docs/mail.md), starting 30 s after
 * start. Each mailbox is read on its own under its own lease (ADR 025): a failing one is recorded
 * in its sync health and never stops the other, so the job itself fails only on a database error.
 */
export function mailPollJob(
  mailboxes: {
    connections: Pick<MailboxConnectionsService, 'setPollerRunning'>;
    sync: Pick<MailboxSyncService, 'pollAll'>;
  },
  everyMin: number,
): Job {
  mailboxes.connections.setPollerRunning(true);
  return {
    name: 'mail-poll',
    schedule: everyMinutes(everyMin, { firstAfter: 30 * SECOND }),
    retry: { attempts: 2, backoff: MINUTE },
    lease: 3 * MINUTE,
    run: async () => {
      const results = await mailboxes.sync.pollAll();
      return Object.fromEntries(
        results.map((r) => [
          r.account,
          {
            fetched: r.fetched,
            leads: r.leadsCreated,
            timeline: r.addedToTimeline,
            ignored: r.ignored,
            error: r.error,
          },
        ]),
      );
    },
  };
}
