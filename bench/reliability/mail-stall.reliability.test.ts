// Hostile e-mails never stall the server (issue 31, ADR 057): pathological messages go through
// the real mail rig (Dovecot) into the compiled server; each import (one 'Check e-mails') takes
// under 1 s and /api/health answers under 100 ms all the while.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { stopChild } from '../lib/cleanup.ts';
import type { Spawned } from '../lib/server.ts';
import { prepareBackend, STAFF, startServer, type PreparedBackend } from './app-server.ts';
import { createClient, json, login } from './http-client.ts';
import { backendsToRun, report } from './suite.ts';

const GERAL = 'geral@example.test';
let seq = 0;

function message(headers: string, body: string, contentType = 'text/plain; charset=utf-8'): string {
  const id = `<stall-${Date.now()}-${++seq}@cliente.test>`;
  return [
    `From: Cliente ${seq} <cliente${seq}@cliente.test>`,
    `To: ${GERAL}`,
    `Message-ID: ${id}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
    headers,
    '',
    body,
    '',
  ]
    .filter((l, i) => l !== '' || i > 5)
    .join('\r\n');
}

const MB = 1024 * 1024;
const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));

/** The hostile bodies of issue 31: open tags, nested quotes, long header folds. */
const HOSTILE: Array<[string, string]> = [
  ['1 MB of <a href="x" (HTML)', message('Subject: a', repeatTo('<a href="x" ', MB), 'text/html; charset=utf-8')],
  [
    '1 MB of nested <blockquote> (HTML)',
    message('Subject: b', repeatTo('<blockquote>', MB), 'text/html; charset=utf-8'),
  ],
  [
    '1 MB of nested > quotes (text)',
    message(
      'Subject: c',
      Array.from({ length: 2000 }, (_, i) => `${'>'.repeat(i % 500)} 912 ${i}`).join('\r\n') + repeatTo('>', MB / 2),
    ),
  ],
  [
    'a subject folded 20 000 times',
    message(`Subject: ${Array.from({ length: 20_000 }, () => 'carro').join('\r\n ')}`, 'Olá'),
  ],
  [
    'References folded with 20 000 ids',
    message(
      `Subject: d\r\nReferences: ${Array.from({ length: 20_000 }, (_, i) => `<r${i}@x.test>`).join('\r\n ')}`,
      'Olá',
    ),
  ],
  ['1 MB of digits and separators (text)', message('Subject: e', repeatTo('9 1.2-', MB))],
];

describe.skipIf(skipWithoutMailRig()).each(backendsToRun())('hostile e-mail on %s', (kind) => {
  let prepared: PreparedBackend;
  let server: Spawned;
  let rig: MailRig;
  let cookie: string;
  const client = () => createClient(server.baseUrl);

  beforeAll(async () => {
    rig = await startMailRig({ users: [{ address: GERAL, password: 'geral-pass' }] });
    prepared = await prepareBackend(kind, `mail-stall-${kind}`);
    server = await startServer(prepared, { MAIL_CHECK_COOLDOWN_SECONDS: '0', LOG_LEVEL: 'warn' });
    cookie = await login(client(), STAFF.admin.username, STAFF.admin.password);
    const connect = await json(
      client(),
      'POST',
      '/api/gmail/connect/geral',
      {
        address: GERAL,
        imap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
        smtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
        username: GERAL,
        password: 'geral-pass',
      },
      { cookie },
    );
    expect(connect.status, connect.body).toBe(200);
    // The parse worker starts on the first message: an ordinary one, not timed.
    await rig.append(GERAL, message('Subject: olá', 'Bom dia, telefone 912 345 678'));
    const first = await json(client(), 'POST', '/api/gmail/check', undefined, { cookie, timeoutMs: 60_000 });
    expect(first.status, first.body).toBe(200);
  });
  afterAll(async () => {
    if (server) await stopChild(server.child);
    await prepared?.dispose();
    await rig?.stop();
  });

  /** One 'Check e-mails' for one new message, with /api/health probed all the while. */
  async function checkOne(raw: string) {
    await rig.append(GERAL, raw);
    let done = false;
    const health: number[] = [];
    const probe = (async () => {
      const c = createClient(server.baseUrl, { keepAlive: true });
      while (!done) {
        const started = performance.now();
        const res = await c.send({ method: 'GET', path: '/api/health' });
        health.push(performance.now() - started);
        expect(res.status).toBe(200);
        await new Promise((r) => setTimeout(r, 10));
      }
      c.close();
    })();
    const started = performance.now();
    const res = await json(client(), 'POST', '/api/gmail/check', undefined, { cookie, timeoutMs: 60_000 });
    const ms = performance.now() - started;
    done = true;
    await probe;
    expect(res.status, res.body).toBe(200);
    return { ms: Math.round(ms), healthMaxMs: Math.round(Math.max(...health)), healthCalls: health.length };
  }

  it('each hostile message imports in under 1 s while /api/health answers in under 100 ms', async () => {
    // On a shared machine a check costs time of its own (IMAP login, search, fetch, database):
    // each hostile message is compared with an ordinary one checked just before it.
    const figures: Record<
      string,
      { ordinary: Awaited<ReturnType<typeof checkOne>>; hostile: Awaited<ReturnType<typeof checkOne>> }
    > = {};
    for (const [what, raw] of HOSTILE) {
      const ordinary = await checkOne(message('Subject: carro', 'Bom dia, queria um BMW. Tlm 912 000 111'));
      figures[what] = { ordinary, hostile: await checkOne(raw) };
    }
    report(`mail-stall-${kind}`, figures);
    const all = JSON.stringify(figures, null, 1);
    // The machine's own noise: the slowest /api/health seen during any ordinary import.
    const noise = Math.max(...Object.values(figures).map((f) => f.ordinary.healthMaxMs));
    for (const [what, f] of Object.entries(figures)) {
      expect(f.hostile.ms - f.ordinary.ms, `${what}: import time over an ordinary message\n${all}`).toBeLessThan(1000);
      expect(
        f.hostile.healthMaxMs - noise,
        `${what}: /api/health beyond the noise of ordinary imports\n${all}`,
      ).toBeLessThan(100);
    }
    // Every message is accounted for: imported, or listed in sync health as not imported (ADR 064).
    const status = await json(client(), 'GET', '/api/gmail/status', undefined, { cookie });
    const failed = await json(client(), 'GET', '/api/gmail/geral/failed-messages', undefined, { cookie });
    expect(failed.status, failed.body).toBe(200);
    const imported = (status.json() as { geral: { messagesImported: number } }).geral.messagesImported;
    const listed = (failed.json() as { total: number }).total;
    // The first ordinary message, then an ordinary and a hostile one per case.
    expect(imported + listed, `imported ${imported}, not imported ${listed}`).toBe(1 + 2 * HOSTILE.length);
  });
});
