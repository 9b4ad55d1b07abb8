import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp } from '#test/test-app.ts';
import { Client } from './websocket.test-helpers.ts';

describe('WebSocket /api/ws on shutdown', () => {
  it('closes open sockets when the app closes', async () => {
    const t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { cookie } = await t.loginAs('user');
    const client = new Client(`${address.replace(/^http/, 'ws')}/api/ws`, cookie);
    await client.message('connected');
    const closing = t.close();
    const closed = await client.closedWith();
    // websocket.ts means to send 1001 'Server shutting down', but @fastify/websocket's own preClose
    // hook closes every client first (no status code: 1005). The browser reconnects either way.
    expect([1001, 1005]).toContain(closed.code);
    await closing;
    expect(client.ws.readyState).toBe(WebSocket.CLOSED);
  });
});
