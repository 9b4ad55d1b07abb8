import { everyMinutes, SECOND, type Job } from './job.ts';

/** What the job needs from the outbox (src/server/modules/email/outbox.service.ts). */
export interface OutboxDrainer {
  drain(signal?: AbortSignal): Promise<number>;
}

/**
 * Works off the e-mail outbox every minute: due messages and those whose backoff has passed
 * (docs/decisions/027-email-outbox.md). Each send also starts a drain at once; this is the
 * backstop after a restart, an SMTP outage or on another instance.
 */
export function emailOutboxJob(outbox: OutboxDrainer): Job {
  return {
    name: 'email-outbox',
    schedule: everyMinutes(1, { firstAfter: 5 * SECOND }),
    retry: { attempts: 2, backoff: 10 * SECOND },
    async run(ctx) {
      const sent = await outbox.drain(ctx.signal);
      return { sent };
    },
  };
}
