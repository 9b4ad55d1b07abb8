import { describe, expect, it } from 'vitest';
import { loadEnv } from '#server/env.ts';
import { mailSettingsFromEnv } from '#server/integrations/mail/mail-settings.ts';
import { MINUTE, SECOND, nextSlot } from './job.ts';
import { mailPollJob } from './mail-poll.job.ts';

describe('mail poll (docs/mail.md: e-mail monitoring checks every 5 minutes)', () => {
  it('reads the mailboxes every 5 minutes unless MAIL_POLL_MINUTES says otherwise', () => {
    const env = loadEnv({});
    expect(env.MAIL_POLL_MINUTES).toBe(5);
    const settings = mailSettingsFromEnv(env, Buffer.alloc(32));
    expect(settings.pollMinutes).toBe(5);

    let running = false;
    const mailboxes = {
      connections: { setPollerRunning: (on: boolean) => void (running = on) },
      sync: { pollAll: async () => [] },
    };
    const job = mailPollJob(mailboxes, settings.pollMinutes);
    expect(running).toBe(true); // the settings card's 'Monitoring: Active' reads this
    expect(job.schedule).toEqual({ every: 5 * MINUTE, firstAfter: 30 * SECOND });
    expect(nextSlot(job.schedule, new Date('2026-11-25T10:07:00Z'))).toEqual(new Date('2026-11-25T10:10:00Z'));

    expect(mailSettingsFromEnv(loadEnv({ MAIL_POLL_MINUTES: '2' }), Buffer.alloc(32)).pollMinutes).toBe(2);
  });
});
