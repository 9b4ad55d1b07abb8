import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { securityAuditLog } from '#server/db/schema/auth.ts';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const GERAL = 'geral@example.test';

// Connecting, testing and disconnecting a company mailbox are written to the security audit log,
// with the admin, the address the call came from and the outcome (issue 31).
describe.skipIf(skipWithoutMailRig())('mailbox administration is audited', { timeout: 60_000 }, () => {
  let rig: MailRig;
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    rig = await startMailRig();
    t = await createTestApp({ mail: defaultMailSettings({}) });
    admin = await t.loginAs('admin');
  });
  afterAll(async () => {
    await t?.close();
    await rig?.stop();
  });

  const call = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload, remoteAddress: '198.51.100.4' });
  const connectBody = (password = rig.users.get(GERAL)!) => ({
    address: GERAL,
    imap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
    smtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
    username: GERAL,
    password,
  });
  const latest = async () =>
    (await t.database.db.select().from(securityAuditLog).orderBy(desc(securityAuditLog.id)).limit(1))[0];
  const by = () => ({ userId: admin.user.id, username: admin.user.username.toLowerCase(), ipAddress: '198.51.100.4' });

  it('a failed connection, a connection, a test and a disconnection each write an entry', async () => {
    expect((await call('/api/gmail/connect/geral', connectBody('wrong'))).statusCode).toBe(422);
    const failed = await latest();
    expect(failed).toMatchObject({ ...by(), event: 'mailbox_connect_failed' });
    expect(failed!.details).toMatch(/^Geral: geral@example\.test: Connection test failed/);
    expect(failed!.details).not.toContain('wrong');

    expect((await call('/api/gmail/connect/geral', connectBody())).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      ...by(),
      event: 'mailbox_connected',
      details: 'Geral: geral@example.test by IMAP/SMTP',
    });

    expect((await call('/api/gmail/test')).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ ...by(), event: 'mailbox_tested', details: 'Geral: ok' });

    expect((await call('/api/gmail/disconnect/geral')).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ ...by(), event: 'mailbox_disconnected', details: 'Geral' });
    const entries = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.userId, admin.user.id));
    expect(entries.map((e) => e.event)).toEqual(
      expect.arrayContaining(['mailbox_connect_failed', 'mailbox_connected', 'mailbox_tested', 'mailbox_disconnected']),
    );
  });
});
