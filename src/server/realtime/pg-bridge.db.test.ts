import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import WebSocket from 'ws';
import type { Database } from '#server/db/client.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { createLocalHub, type EventHub, type HubEvent } from './hub.ts';
import { createPgHub } from './pg-bridge.ts';

/** Polls until `check` returns something truthy. */
async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Records every event a hub delivers to its listeners on this instance. */
function record(hub: EventHub) {
  const events: HubEvent[] = [];
  const stop = hub.subscribe((e) => events.push(e));
  return { events, stop, of: (type: string) => events.filter((e) => e.type === type) };
}

describe('createLocalHub (one instance)', () => {
  it('delivers to every listener at once, survives a broken listener and stops after unsubscribe or close', async () => {
    const errors: unknown[] = [];
    const hub = createLocalHub((err) => errors.push(err));
    const first: HubEvent[] = [];
    const second: HubEvent[] = [];
    const stopFirst = hub.subscribe((e) => first.push(e));
    hub.subscribe(() => {
      throw new Error('broken listener');
    });
    hub.subscribe((e) => second.push(e));

    const event: HubEvent = { type: 'lead_created', data: { id: 1 }, audience: { kind: 'staff' } };
    hub.publish(event);
    expect(first).toEqual([event]); // synchronous
    expect(second).toEqual([event]);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('broken listener');

    stopFirst();
    hub.publish({ ...event, data: { id: 2 } });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);

    await hub.close();
    hub.publish({ ...event, data: { id: 3 } });
    expect(second).toHaveLength(2);
    expect(createLocalHub().instanceId).not.toBe(hub.instanceId);
  });
});

describe('two instances on one PostgreSQL (LISTEN/NOTIFY bridge)', () => {
  const log = pino({ level: 'silent' });
  let database: Database;
  let hubA: EventHub;
  let hubB: EventHub;
  let a: TestApp;
  let b: TestApp;
  let wsUrlB: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(database.kind).toBe('postgres');
    hubA = await createPgHub(database.url!, log);
    hubB = await createPgHub(database.url!, log);
    a = await createTestApp({ database, hub: hubA });
    b = await createTestApp({ database, hub: hubB });
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrlB = `${address.replace(/^http/, 'ws')}/api/ws`;
  });

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await a?.close();
    await b?.close();
    await hubA?.close();
    await hubB?.close();
    await database?.close();
  });

  /** Opens a socket to instance B, recording messages from the very first one. */
  async function openOnB(cookie: string) {
    const ws = new WebSocket(wsUrlB, { headers: { cookie } });
    sockets.push(ws);
    const messages: { type: string; data: Record<string, unknown> }[] = [];
    let closed: { code: number; reason: string } | null = null;
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    ws.on('close', (code, reason) => (closed = { code, reason: String(reason) }));
    ws.on('error', () => {});
    await waitFor(() => messages.some((m) => m.type === 'connected'), 'connected');
    return { ws, messages, closed: () => closed, of: (type: string) => messages.filter((m) => m.type === type) };
  }

  it("delivers an event published on A to a user's socket on B", async () => {
    const { cookie: adminCookie } = await a.loginAs('admin');
    const { user, cookie } = await b.loginAs('user');
    const socket = await openOnB(cookie);

    const res = await a.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { cookie: adminCookie },
      payload: { title: 'From A', message: 'Across instances', userIds: [user.id] },
    });
    expect(res.statusCode).toBe(201);
    const received = await waitFor(() => socket.of('notification_created')[0], 'notification_created on B');
    expect(received).toEqual({ type: 'notification_created', data: { type: 'other', relatedId: null } });
    // The notification itself is in the shared database, readable through B.
    const list = await b.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect(list.json()[0]).toMatchObject({ title: 'From A', type: 'other' });
  });

  it("delivers A's own events to A's listeners exactly once", async () => {
    const onA = record(hubA);
    const onB = record(hubB);
    try {
      hubA.publish({ type: 'lead_created', data: { id: 501 }, audience: { kind: 'staff' } });
      expect(onA.of('lead_created')).toHaveLength(1); // local delivery is immediate
      await waitFor(() => onB.of('lead_created').length === 1, 'the event on B');

      // B answers with its own event. NOTIFY delivers in commit order, so once A has B's answer,
      // A's listener has also seen (and must have skipped) its own earlier notification.
      hubB.publish({ type: 'lead_updated', data: { id: 501 }, audience: { kind: 'staff' } });
      await waitFor(() => onA.of('lead_updated').length === 1, "B's answer on A");
      expect(onA.of('lead_created')).toHaveLength(1);
      expect(onB.of('lead_updated')).toHaveLength(1);
      expect(onB.of('lead_created')).toHaveLength(1);
      expect(onB.events[0]).toEqual({ type: 'lead_created', data: { id: 501 }, audience: { kind: 'staff' } });
    } finally {
      onA.stop();
      onB.stop();
    }
  });

  it("applies an edit made on A to the user's next call on B, and a role change ends the session there (cache invalidated across instances)", async () => {
    const { cookie: adminCookie } = await a.loginAs('admin');
    const { user, cookie } = await b.loginAs('user');
    const me = () => b.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect((await me()).json().role).toBe('user'); // B now caches the user
    const onB = record(hubB);
    const edit = (payload: Record<string, unknown>) =>
      a.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: { cookie: adminCookie }, payload });
    try {
      expect((await edit({ firstName: 'Renamed' })).statusCode).toBe(200);
      await waitFor(
        () => onB.events.some((e) => e.type === 'user_updated' && e.data.userId === user.id),
        'user_updated on B',
      );
      expect((await me()).json().firstName).toBe('Renamed');

      // A changed role ends that user's sessions (issue 16): B refuses the cached session at once.
      onB.events.length = 0;
      expect((await edit({ role: 'admin' })).statusCode).toBe(200);
      await waitFor(
        () => onB.events.some((e) => e.type === 'user_updated' && e.data.userId === user.id),
        'user_updated on B after the role change',
      );
      expect((await me()).statusCode).toBe(401);
    } finally {
      onB.stop();
    }
  });

  it('closes the socket on B when the session signs out on A, and B refuses the session at once', async () => {
    const { cookie } = await b.loginAs('user');
    const socket = await openOnB(cookie);
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200); // cached on B

    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect(await waitFor(() => socket.closed(), 'the socket on B to close')).toEqual({
      code: 4001,
      reason: 'Session ended',
    });
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends every session of an account on B when its password is reset on A, however many it has', async () => {
    const { cookie: adminCookie } = await a.loginAs('admin');
    const { user, cookie } = await b.loginAs('user');
    const socket = await openOnB(cookie);
    const me = (c: string) => b.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: c } });
    expect((await me(cookie)).statusCode).toBe(200); // cached on B
    // More sessions than one NOTIFY payload can name.
    for (let i = 0; i < 150; i++) await b.services.sessions.create(user.id, {});

    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: adminCookie },
      payload: { password: 'Res3tByAdmin' },
    });
    expect(res.statusCode).toBe(200);
    expect(await waitFor(() => socket.closed(), 'the socket on B to close')).toEqual({
      code: 4001,
      reason: 'Session ended',
    });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends the sessions and tokens on a running instance when `npm run users -- reset-password` runs beside it', async () => {
    const { user, cookie } = await b.loginAs('user');
    const socket = await openOnB(cookie);
    const { token } = await b.services.apiTokens.create(user, 'Chrome');
    expect(await b.services.apiTokens.authenticate(token)).not.toBeNull();
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const run = spawnSync(
      'node_modules/.bin/tsx',
      ['scripts/users.ts', 'reset-password', user.username, '--password', 'Fr0mTheShell'],
      { env: { ...process.env, DATABASE_URL: database.url! }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('its sessions and access tokens were ended');
    expect(await b.services.apiTokens.authenticate(token)).toBeNull();
    expect(await waitFor(() => socket.closed(), 'the socket on B to close')).toEqual({
      code: 4001,
      reason: 'Session ended',
    });
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('keeps too-large events local and ignores malformed notifications', async () => {
    const onA = record(hubA);
    const onB = record(hubB);
    const errors = vi.spyOn(log, 'error');
    try {
      hubA.publish({ type: 'lead_updated', data: { blob: 'x'.repeat(8000) }, audience: { kind: 'staff' } });
      expect(onA.of('lead_updated')).toHaveLength(1);
      expect(errors).toHaveBeenCalledWith(
        { type: 'lead_updated' },
        'event too large to fan out; delivered locally only',
      );

      await database.db.execute(sql`select pg_notify('app_events', 'not json')`);
      hubA.publish({ type: 'lead_deleted', data: { id: 9 }, audience: { kind: 'staff' } });
      await waitFor(() => onB.of('lead_deleted').length === 1, 'the event after the malformed one');
      expect(onB.of('lead_updated')).toEqual([]);
    } finally {
      errors.mockRestore();
      onA.stop();
      onB.stop();
    }
  });

  it('reconnects its LISTEN connection after losing it', async () => {
    const onB = record(hubB);
    try {
      const killed = (await database.db.execute(
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      )) as unknown as { rows: { ok: boolean }[] };
      expect(killed.rows.map((r) => r.ok)).toEqual([true, true]); // A's and B's listeners
      // Events published while a listener is down are lost; keep publishing until one gets through.
      let n = 0;
      await waitFor(
        () => {
          n += 1;
          hubA.publish({ type: 'import_updated', data: { n }, audience: { kind: 'staff' } });
          return onB.of('import_updated').length > 0;
        },
        'an event on B after reconnecting',
        10_000,
      );
    } finally {
      onB.stop();
    }
  });
});
