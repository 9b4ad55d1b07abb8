import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import type { TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';
import { COMERCIAL, GERAL, mailboxTestHelpers, RIG_START_MS, startMailboxRig } from './mailboxes-rig.test-helpers.ts';

/** Continues mailboxes.routes.test.ts with a connected Geral mailbox: reconnecting, Google sign-in, replies. */
describe.skipIf(skipWithoutMailRig())(
  'mailboxes: reconnect, Google sign-in and customer replies against Dovecot + Postfix',
  { timeout: 60_000 },
  () => {
    let rig: MailRig;
    let t: TestApp;
    let admin: string;
    let user: string;
    const { rows, leadsByEmail, deliverTo, sync, connectBody } = mailboxTestHelpers(() => ({ rig, t }));

    beforeAll(async () => {
      ({ rig, t, admin, user } = await startMailboxRig());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: connectBody(),
      });
      if (res.statusCode !== 200) throw new Error(`connect geral: ${res.statusCode} ${res.body}`);
      await sync();
    }, RIG_START_MS);
    afterAll(async () => {
      await t?.close();
      await rig?.stop();
    });

    it('reports a changed password in sync health, stops polling, and tells the admins once', async () => {
      await rig.addUser(GERAL, 'changed-pass');
      const r = await sync();
      expect(r).toMatchObject({ error: expect.stringMatching(/refused the user name or password/) });
      const status = (
        await t.app.inject({ method: 'GET', url: '/api/gmail/status', headers: { cookie: admin } })
      ).json();
      expect(status.geral).toMatchObject({ isAuthenticated: false, state: 'needs_reconnect' });
      expect(status.geral.lastError).toMatch(/Reconnect the mailbox/);
      expect(await sync()).toBeNull(); // not polled until reconnected
      const alerts = await rows<{ title: string; user_id: number }>(
        sql`select title, user_id from notifications where title = 'Geral mailbox stopped syncing'`,
      );
      expect(alerts).toHaveLength(1);
      await rig.addUser(GERAL, 'geral-pass');
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: connectBody(),
      });
      expect(again.json().state).toBe('connected');
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/gmail/test', headers: { cookie: admin } })).json().message,
      ).toBe('Gmail connection test completed successfully. Check for new leads.');
    });

    it('connects Comercial with Google sign-in end to end: consent, callback, XOAUTH2 sync, revoke, disconnect', async () => {
      const auth = await t.app.inject({
        method: 'GET',
        url: `/api/gmail/auth/comercial?loginHint=${COMERCIAL}`,
        headers: { cookie: admin },
      });
      expect(auth.statusCode).toBe(200);
      const consent = await fetch(auth.json().authUrl as string, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      expect(back.pathname).toBe('/api/gmail/callback');
      // The state is bound to the admin's session: another admin's session cannot use it.
      const otherAdmin = (await t.loginAs('admin')).cookie;
      const stolen = await t.app.inject({
        method: 'GET',
        url: back.pathname + back.search,
        headers: { cookie: otherAdmin },
      });
      expect(stolen.statusCode).toBe(403);
      const cb = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: admin } });
      expect(cb.statusCode).toBe(200);
      expect(cb.body).toContain('The Comercial mailbox is connected.');
      const [row] = await rows<{ provider: string; address: string; secret_encrypted: string }>(
        sql`select provider, address, secret_encrypted from mailbox_connections where account = 'comercial'`,
      );
      expect(row).toMatchObject({ provider: 'gmail', address: COMERCIAL });
      for (const token of rig.oauth.liveRefreshTokens(COMERCIAL)) expect(row!.secret_encrypted).not.toContain(token);

      await deliverTo(COMERCIAL, { From: 'Gil <gil@cliente.test>', Subject: 'Via Google' }, 'Olá comercial');
      rig.oauth.expireAccessTokens(); // forces a refresh with the stored refresh token
      const r = await sync('comercial');
      expect(r).toMatchObject({ leadsCreated: 1, error: null });
      expect((await leadsByEmail('gil@cliente.test'))[0]!.email_source).toBe('comercial');

      // The user removes the app's access in Google: the next sync says to reconnect.
      rig.oauth.revokeUser(COMERCIAL);
      rig.oauth.expireAccessTokens();
      const revoked = await t.services.mailboxes.sync.syncMailbox('comercial');
      expect(revoked).toMatchObject({ error: 'Google access was revoked or has expired. Reconnect the mailbox.' });

      // Reconnect, then disconnect: the token is revoked at Google.
      const auth2 = await t.app.inject({
        method: 'GET',
        url: `/api/gmail/auth/comercial?loginHint=${COMERCIAL}`,
        headers: { cookie: admin },
      });
      const back2 = new URL(
        (await fetch(auth2.json().authUrl as string, { redirect: 'manual' })).headers.get('location')!,
      );
      expect(
        (await t.app.inject({ method: 'GET', url: back2.pathname + back2.search, headers: { cookie: admin } }))
          .statusCode,
      ).toBe(200);
      expect(rig.oauth.liveRefreshTokens(COMERCIAL)).toHaveLength(1);
      const off = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/disconnect/comercial',
        headers: { cookie: admin },
      });
      expect(off.json()).toEqual({ message: 'Comercial account has been successfully disconnected.', revoked: true });
      expect(rig.oauth.liveRefreshTokens(COMERCIAL)).toHaveLength(0);
      expect(await rows(sql`select * from mailbox_connections where account = 'comercial'`)).toHaveLength(0);
    });

    it('a customer reply comes back to someone: Waiting for Us, unread, owner told, lateness clock unmoved (docs/rulings.md ruling 21)', async () => {
      const owner = await t.loginAs('admin');
      const other = await t.loginAs('user');
      const quotedAt = new Date('2020-01-01T00:00:00Z');
      const lead = await insertLead(t.database.db, {
        email: 'hugo@cliente.test',
        firstName: 'Hugo',
        lastName: 'Reis',
        status: 'quoted',
        assignedTo: owner.user.id,
        lastInteractionAt: quotedAt,
      });
      const rejected = await insertLead(t.database.db, { email: 'rita@cliente.test', status: 'rejected' });
      // Both staff have opened the leads before the replies.
      for (const id of [lead.id, rejected.id]) {
        for (const cookie of [owner.cookie, other.cookie]) {
          expect(
            (await t.app.inject({ method: 'POST', url: `/api/leads/${id}/seen`, headers: { cookie } })).statusCode,
          ).toBeLessThan(300);
        }
      }
      await deliverTo(GERAL, { From: 'Hugo Reis <hugo@cliente.test>', Subject: 'Re: Proposta' }, 'Está ótimo, aceito!');
      await deliverTo(GERAL, { From: 'rita@cliente.test', Subject: 'Afinal...' }, 'Mudei de ideias.');
      await t.database.db.execute(sql`update mailbox_connections set last_check_at = null`);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/gmail/check', headers: { cookie: user } })).statusCode,
      ).toBe(200);

      const [row] = await rows<{ status: string; last_interaction_at: Date; staff_unread: boolean }>(
        sql`select status, last_interaction_at, staff_unread from leads where id = ${lead.id}`,
      );
      expect(row!.status).toBe('waiting');
      expect(new Date(row!.last_interaction_at).toISOString()).toBe(quotedAt.toISOString());
      expect(row!.staff_unread).toBe(true);
      const notes = await rows<{ title: string; description: string }>(
        sql`select title, description from lead_timeline where lead_id = ${lead.id} and metadata->>'event' = 'customer_replied'`,
      );
      expect(notes).toEqual([
        {
          title: 'Quoted → Waiting for Us',
          description: 'The customer replied by e-mail (“Re: Proposta”): the lead now waits for us.',
        },
      ]);
      // Rejected keeps its status, but is unread and notifies all staff.
      const [r2] = await rows<{ status: string; staff_unread: boolean }>(
        sql`select status, staff_unread from leads where id = ${rejected.id}`,
      );
      expect(r2).toEqual({ status: 'rejected', staff_unread: true });

      const told = await rows<{ user_id: number; related_id: number; title: string; message: string }>(
        sql`select user_id, related_id, title, message from notifications where related_type = 'lead' and related_id in (${lead.id}, ${rejected.id}) order by id`,
      );
      expect(told.filter((n) => n.related_id === lead.id)).toEqual([
        {
          user_id: owner.user.id,
          related_id: lead.id,
          title: `Hugo Reis replied (${lead.reference})`,
          message: '“Re: Proposta”. The lead moved from Quoted to Waiting for Us.',
        },
      ]);
      expect(told.filter((n) => n.related_id === rejected.id).map((n) => n.user_id)).toEqual(
        expect.arrayContaining([owner.user.id, other.user.id]),
      );

      // Unread for both staff in the list, under 'Waiting for us'; opening it clears the mark for everyone.
      const seenIn = async (cookie: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/leads?status=requested,waiting',
          headers: { cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ items: Array<{ id: number; seen: boolean }> }>().items.find((l) => l.id === lead.id)?.seen;
      };
      expect(await seenIn(owner.cookie)).toBe(false);
      expect(await seenIn(other.cookie)).toBe(false);
      const open = (id: number, cookie: string) =>
        t.app.inject({ method: 'POST', url: `/api/leads/${id}/seen`, headers: { cookie } });
      expect((await open(lead.id, owner.cookie)).statusCode).toBeLessThan(300);
      expect(await seenIn(owner.cookie)).toBe(true);
      expect(await seenIn(other.cookie)).toBe(true);
    });
  },
);
