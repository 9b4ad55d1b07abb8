// A WebSocket client for the tests, and an upgrade that must be refused.
import { expect } from 'vitest';
import WebSocket from 'ws';

/** The HTTP answer to an upgrade the server refuses (the socket must never open). */
export async function refusedUpgrade(url: string, headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers });
  let opened = false;
  ws.on('open', () => (opened = true));
  try {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.on('open', () => reject(new Error('the upgrade was accepted')));
      ws.on('error', () => {}); // ws reports the refused upgrade as an error as well
      setTimeout(() => reject(new Error('no answer to the upgrade')), 5000);
    });
    expect(opened).toBe(false);
    return { status: answer.status, body: JSON.parse(answer.body) as unknown };
  } finally {
    ws.terminate();
  }
}

// @fastify/websocket is registered inside the websocket plugin's own scope, so `injectWS` is not
// decorated on the root app; these tests use a real listening server and the `ws` client instead,
// which also exercises the HTTP upgrade exactly as a browser does.

interface Message {
  type: string;
  data: Record<string, unknown>;
}

/** A client socket that records every message and its close, from before the upgrade completes. */
export class Client {
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters = new Set<() => void>();
  readonly ws: WebSocket;

  constructor(url: string, cookie?: string) {
    this.ws = new WebSocket(url, cookie ? { headers: { cookie } } : {});
    this.ws.on('message', (raw) => {
      this.messages.push(JSON.parse(String(raw)) as Message);
      this.notify();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.notify();
    });
    this.ws.on('error', () => {}); // surfaced through 'close' or 'unexpected-response'
  }

  private notify() {
    for (const waiter of this.waiters) waiter();
  }

  /** Resolves when `check` holds, re-checked after every message and on close. */
  until<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value) {
          this.waiters.delete(attempt);
          clearTimeout(timer);
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(attempt);
        reject(
          new Error(
            `timed out waiting for ${what}; got ${JSON.stringify(this.messages)} closed=${JSON.stringify(this.closed)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(attempt);
      attempt();
    });
  }

  message(type: string, timeoutMs?: number) {
    return this.until(() => this.messages.find((m) => m.type === type), `a '${type}' message`, timeoutMs);
  }

  closedWith() {
    return this.until(() => this.closed, 'the socket to close');
  }

  of(type: string) {
    return this.messages.filter((m) => m.type === type);
  }

  close() {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}
