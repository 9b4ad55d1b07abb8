/**
 * The shared setup of the mail-on-the-timeline tests (mail-timeline*.routes.test.ts): the rig, an
 * app with Geral connected to it, and the deliveries, syncs and reads the tests repeat.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import { startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

export const GERAL = 'geral@example.test';
/** The rig's own Postfix writes its delivery reports as this (ADR 064: the only bounces believed). */
export const PROVIDER_DAEMON = 'MAILER-DAEMON@mail.example.test (Mail Delivery System)';
let seq = 0;
export const mid = (host = 'cliente.test') => `<m${Date.now()}.${++seq}.${randomBytes(3).toString('hex')}@${host}>`;

export interface TimelineRigSetup {
  rig: MailRig;
  t: TestApp;
  user: { cookie: string; id: number };
  admin: string;
}

/** The rig and the app, Geral connected to it (beforeAll). */
export async function startTimelineRig(): Promise<TimelineRigSetup> {
  const rig = await startMailRig();
  const t = await createTestApp({ mail: defaultMailSettings({}) });
  const u = await t.loginAs('user');
  const user = { cookie: u.cookie, id: u.user.id };
  const admin = (await t.loginAs('admin')).cookie;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/gmail/connect/geral',
    headers: { cookie: admin },
    payload: {
      address: GERAL,
      imap: { host: rig.host, port: rig.ports.imap, security: 'none' },
      smtp: { host: rig.host, port: rig.ports.submission, security: 'none' },
      username: GERAL,
      password: rig.users.get(GERAL),
    },
  });
  if (res.statusCode !== 200) throw new Error(`connect geral: ${res.statusCode} ${res.body}`);
  return { rig, t, user, admin };
}

/** What the tests repeat, read from the setup when called. */
export function timelineTestHelpers(setup: () => Pick<TimelineRigSetup, 'rig' | 't' | 'user'>) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await setup().t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  return {
    rows,
    sync: () => setup().t.services.mailboxes.sync.syncMailbox('geral'),
    timeline: async (leadId: number, cookie = setup().user.cookie) => {
      const res = await setup().t.app.inject({
        method: 'GET',
        url: `/api/leads/${leadId}/timeline`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json<TimelineEntry[]>();
    },
    deliver: async (raw: string, envelopeFrom?: string) => {
      await setup().rig.deliver(raw, envelopeFrom === undefined ? {} : { envelopeFrom });
      await setup().rig.waitForMessage(GERAL, /^Message-ID: (<[^>]+>)/m.exec(raw)![1]!);
    },
    plain: (h: Record<string, string>, body: string) =>
      `${Object.entries({
        To: GERAL,
        'Message-ID': mid(),
        Date: new Date().toUTCString(),
        'MIME-Version': '1.0',
        'Content-Type': 'text/plain; charset=utf-8',
        ...h,
      })
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n${body}\r\n`,
    /** A staff reply to the lead, sent by the outbox through the rig; answers its Message-ID and entry. */
    sendTo: async (leadId: number) => {
      const { t, user } = setup();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${leadId}/send-email`,
        headers: { cookie: user.cookie },
        payload: { subject: 'Re: Pedido', body: 'Olá, segue a proposta.', includeSignature: false },
      });
      expect(res.statusCode).toBe(202);
      await t.services.outbox.idle();
      const sent = res.json<{ messageId: string; timelineId: number; outboxId: number }>();
      const [row] = await rows<{ status: string }>(sql`select status from email_outbox where id = ${sent.outboxId}`);
      expect(row!.status).toBe('sent');
      return sent;
    },
  };
}
