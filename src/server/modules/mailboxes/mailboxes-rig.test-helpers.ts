/**
 * The shared setup of the mailbox route tests (mailboxes.routes.test.ts, mailbox-reconnect.routes.test.ts):
 * Dovecot + Postfix and the Google sign-in stub, an app whose Gmail endpoints point at them, and the
 * queries and deliveries the tests repeat.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { defaultMailSettings, type MailSettings } from '#server/integrations/mail/mail-settings.ts';
import { startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

/** Starting Postfix and Dovecot takes a while on a busy machine (several test files start their own). */
export const RIG_START_MS = 180_000;
export const GERAL = 'geral@example.test';
export const COMERCIAL = 'comercial@example.test';
let seq = 0;
export const mid = () => `<t${Date.now()}.${++seq}.${randomBytes(3).toString('hex')}@cliente.test>`;

export function rfc822(h: Record<string, string>, body: string): string {
  const headers = {
    Date: new Date().toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...h,
  };
  return `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}\r\n`;
}

export interface MailboxRigSetup {
  rig: MailRig;
  t: TestApp;
  admin: string;
  user: string;
  mail: MailSettings;
}

/** The rig, the app and an admin's and a user's cookies (beforeAll). */
export async function startMailboxRig(): Promise<MailboxRigSetup> {
  const rig = await startMailRig();
  const mail = defaultMailSettings({
    google: {
      clientId: rig.oauth.clientId,
      clientSecret: rig.oauth.clientSecret,
      authUrl: rig.oauth.urls.auth,
      tokenUrl: rig.oauth.urls.token,
      revokeUrl: rig.oauth.urls.revoke,
    },
    gmailImap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
    gmailSmtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
    checkCooldownSeconds: 30,
  });
  const t = await createTestApp({ mail });
  const admin = (await t.loginAs('admin')).cookie;
  const user = (await t.loginAs('user')).cookie;
  return { rig, t, admin, user, mail };
}

/** What the tests repeat, read from the setup when called. */
export function mailboxTestHelpers(setup: () => { rig: MailRig; t: TestApp }) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await setup().t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  return {
    rows,
    leadsByEmail: (email: string) =>
      rows<{
        id: number;
        reference: string;
        email_source: string;
        phone: string | null;
        vehicle_make: string;
        vehicle_model: string;
        vehicle_link: string | null;
        origin: string;
        first_name: string;
        last_name: string | null;
      }>(sql`select * from leads where lower(email) = ${email.toLowerCase()} order by id`),
    timelineOf: (leadId: number) =>
      rows<{
        id: number;
        title: string;
        message_id: string;
        email_data: { body: string; from: string };
        created_at: Date;
      }>(sql`select * from lead_timeline where lead_id = ${leadId} order by id`),
    deliverTo: async (to: string, headers: Record<string, string>, body: string, envelopeFrom?: string) => {
      const id = headers['Message-ID'] ?? mid();
      await setup().rig.deliver(
        rfc822({ To: to, 'Message-ID': id, ...headers }, body),
        envelopeFrom === undefined ? {} : { envelopeFrom },
      );
      await setup().rig.waitForMessage(to, id);
      return id;
    },
    sync: (account: 'geral' | 'comercial' = 'geral') => setup().t.services.mailboxes.sync.syncMailbox(account),
    connectBody: (over: Partial<{ password: string; address: string; username: string }> = {}) => ({
      address: GERAL,
      imap: { host: '127.0.0.1', port: setup().rig.ports.imap, security: 'none' },
      smtp: { host: '127.0.0.1', port: setup().rig.ports.submission, security: 'none' },
      username: GERAL,
      password: 'geral-pass',
      ...over,
    }),
  };
}
