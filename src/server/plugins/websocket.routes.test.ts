import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, TEST_PASSWORD, type TestApp } from '#test/test-app.ts';
import { CROSS_SITE_MESSAGE } from './same-origin.ts';
import { MAX_SOCKETS_PER_SESSION, TOO_MANY_SOCKETS_MESSAGE } from './websocket.ts';
import { refusedUpgrade, Client } from './websocket.test-helpers.ts';

describe('WebSocket /api/ws', () => {
  let t: TestApp;
  let url: string;
  const clients: Client[] = [];
  const connect = (cookie?: string) => {
    const client = new Client(url, cookie);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace(/^http/, 'ws')}/api/ws`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  it("greets a signed-in user with 'connected'", async () => {
    const { user, cookie } = await t.loginAs('user');
    const client = connect(cookie);
    expect(await client.message('connected')).toEqual({ type: 'connected', data: { userId: user.id } });
    expect(client.messages[0]!.type).toBe('connected');
  });

  it('refuses an anonymous upgrade with HTTP 401 and never opens', async () => {
    for (const cookie of [undefined, 'sid=forged-token']) {
      const ws = new WebSocket(url, cookie ? { headers: { cookie } } : {});
      let opened = false;
      ws.on('open', () => (opened = true));
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        ws.on('error', () => {}); // ws reports the refused upgrade as an error as well
        setTimeout(() => reject(new Error('no answer to the upgrade')), 5000);
      });
      expect(answer.status, String(cookie)).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED' });
      expect(opened).toBe(false);
      ws.terminate();
    }
  });

  it('refuses an upgrade from another site with HTTP 403, signed in or not; accepts its own origin', async () => {
    const { cookie } = await t.loginAs('user');
    const own = url.replace(/^ws/, 'http').replace(/\/api\/ws$/, '');
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example.net' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      expect(await refusedUpgrade(url, { ...headers, cookie }), JSON.stringify(headers)).toEqual({
        status: 403,
        body: { message: CROSS_SITE_MESSAGE, code: 'FORBIDDEN' },
      });
    }
    const sameOrigin = new WebSocket(url, { headers: { cookie, origin: own, 'sec-fetch-site': 'same-origin' } });
    await new Promise<void>((resolve, reject) => {
      sameOrigin.on('open', () => resolve());
      sameOrigin.on('error', reject);
    });
    sameOrigin.terminate();
  });

  it(`holds at most ${MAX_SOCKETS_PER_SESSION} sockets per session: the next is refused with 429 until one closes`, async () => {
    const user = await t.createUser();
    const cookie = await t.login(user.username);
    const open = Array.from({ length: MAX_SOCKETS_PER_SESSION }, () => connect(cookie));
    await Promise.all(open.map((c) => c.message('connected')));
    expect(await refusedUpgrade(url, { cookie })).toEqual({
      status: 429,
      body: { message: TOO_MANY_SOCKETS_MESSAGE, code: 'RATE_LIMITED' },
    });
    // Another session of the same account has its own allowance.
    const otherSession = connect(await t.login(user.username));
    await otherSession.message('connected');
    // Closing one makes room for one more.
    open[0]!.ws.close();
    await open[0]!.closedWith();
    await new Promise((r) => setTimeout(r, 50));
    const next = connect(cookie);
    await next.message('connected');
    expect(await refusedUpgrade(url, { cookie })).toMatchObject({ status: 429 });
  });

  it("delivers an admin's announcement to the recipient's socket, not to the author's", async () => {
    const { cookie: adminCookie } = await t.loginAs('admin');
    const { user: recipient, cookie: recipientCookie } = await t.loginAs('user');
    const { user: bystander, cookie: bystanderCookie } = await t.loginAs('user');
    const author = connect(adminCookie);
    const target = connect(recipientCookie);
    const other = connect(bystanderCookie);
    await Promise.all([author.message('connected'), target.message('connected'), other.message('connected')]);

    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/notifications', headers: { cookie: adminCookie }, payload });
    // A staff-wide event is a barrier: once a socket has it, anything sent to it earlier has arrived.
    let barriers = 0;
    const barrier = async () => {
      barriers += 1;
      t.hub.publish({ type: 'lead_updated', data: { barrier: barriers }, audience: { kind: 'staff' } });
      for (const client of [author, target, other])
        await client.until(() => client.of('lead_updated').length === barriers, `barrier ${barriers}`);
    };

    // To everyone but the author.
    expect((await post({ title: 'Hello team', message: 'Meeting at 3' })).statusCode).toBe(201);
    expect(await target.message('notification_created')).toEqual({
      type: 'notification_created',
      data: { type: 'other', relatedId: null },
    });
    await barrier();
    expect(author.of('notification_created')).toEqual([]);
    expect(other.of('notification_created')).toHaveLength(1);
    expect(target.of('notification_created')).toHaveLength(1);

    // To the chosen recipient only.
    expect((await post({ title: 'Hello you', message: 'Just for you', userIds: [recipient.id] })).statusCode).toBe(201);
    await target.until(() => target.of('notification_created').length === 2, 'the second notification');
    await barrier();
    expect(author.of('notification_created')).toEqual([]);
    expect(other.of('notification_created')).toHaveLength(1);
    expect(target.of('notification_created')).toHaveLength(2);
    expect(bystander.id).not.toBe(recipient.id);
  });

  it('tells only the reader when notifications are marked read', async () => {
    const { user, cookie } = await t.loginAs('user');
    const { cookie: otherCookie } = await t.loginAs('user');
    const mine = connect(cookie);
    const theirs = connect(otherCookie);
    await Promise.all([mine.message('connected'), theirs.message('connected')]);
    await t.services.notifications.notify({ type: 'other', title: 'x', message: 'y' }, { userIds: [user.id] });
    await mine.message('notification_created');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/notifications/mark-all-read', headers: { cookie } })).json(),
    ).toEqual({ count: 1 });
    expect(await mine.message('notifications_read')).toEqual({ type: 'notifications_read', data: {} });
    // Barrier for the other socket.
    t.hub.publish({ type: 'lead_updated', data: { id: 1 }, audience: { kind: 'staff' } });
    await theirs.message('lead_updated');
    expect(theirs.of('notifications_read')).toEqual([]);
    expect(theirs.of('notification_created')).toEqual([]);
  });

  it('closes the socket of a session that signs out, and only that one', async () => {
    const user = await t.createUser();
    const first = await t.login(user.username);
    const second = await t.login(user.username); // another browser: its own session
    const signingOut = connect(first);
    const staying = connect(second);
    await Promise.all([signingOut.message('connected'), staying.message('connected')]);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: first } })).statusCode,
    ).toBe(200);
    expect(await signingOut.closedWith()).toEqual({ code: 4001, reason: 'Session ended' });

    t.hub.publish({ type: 'lead_created', data: { id: 7 }, audience: { kind: 'staff' } });
    expect(await staying.message('lead_created')).toEqual({ type: 'lead_created', data: { id: 7 } });
    expect(staying.closed).toBeNull();
    // Server-only events (session_revoked) are never forwarded to browsers.
    expect(staying.of('session_revoked')).toEqual([]);
  });

  it("closes the account's other sockets when its password changes, and keeps the changer's", async () => {
    const user = await t.createUser();
    const mine = await t.login(user.username);
    const other = await t.login(user.username);
    const changing = connect(mine);
    const elsewhere = connect(other);
    await Promise.all([changing.message('connected'), elsewhere.message('connected')]);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: mine },
      payload: { password: 'An0therPassw0rd', currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await elsewhere.closedWith()).toEqual({ code: 4001, reason: 'Session ended' });
    t.hub.publish({ type: 'lead_created', data: { id: 8 }, audience: { kind: 'staff' } });
    await changing.message('lead_created');
    expect(changing.closed).toBeNull();
  });

  it('ignores whatever a client sends', async () => {
    const { cookie } = await t.loginAs('user');
    const client = connect(cookie);
    await client.message('connected');
    client.ws.send('{"type":"lead_deleted","data":{"id":1}}');
    client.ws.send('not json at all');
    t.hub.publish({ type: 'import_created', data: { id: 3 }, audience: { kind: 'staff' } });
    await client.message('import_created');
    expect(client.messages.map((m) => m.type)).toEqual(['connected', 'import_created']);
    expect(client.closed).toBeNull();
  });
});
