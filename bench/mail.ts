/**
 * bench/mail: import of N messages (default 5,000) from the mail rig into leads, on PGlite, then the
 * cost of a poll of the unchanged mailbox. Targets (issue 14): 5,000 messages in under 60 s with at
 * most 100 MB extra memory; an unchanged poll under 100 ms. Needs root and Dovecot + Postfix.
 * Run: `npx tsx bench/mail.ts [N]`. Messages are APPENDed over IMAP (the import is what is timed).
 */
import { ImapFlow } from 'imapflow';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import { startMailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { openDb } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { createLocalHub } from '#server/realtime/hub.ts';

const N = Number(process.argv[2] ?? 5000);
const rig = await startMailRig();
try {
  const imap = new ImapFlow({
    host: rig.host,
    port: rig.ports.imap,
    secure: false,
    auth: { user: 'geral@example.test', pass: 'geral-pass' },
    logger: false,
  });
  await imap.connect();
  const t0 = Date.now();
  for (let i = 0; i < N; i++) {
    const from = i % 10 === 0 ? `news${i}@lista.test` : `cliente${i}@bench.test`;
    const list = i % 10 === 0 ? 'List-Id: <promo.lista.test>\r\n' : '';
    await imap.append(
      'INBOX',
      `From: Cliente ${i} <${from}>\r\nTo: geral@example.test\r\n${list}Subject: Pedido ${i}\r\nMessage-ID: <bench-${i}@bench.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\nOlá, quero importar https://www.autoscout24.pt/anuncios/bmw-320-d-0a1b2c3d-1111-2222-3333-${String(i).padStart(12, '0')} tel 912 345 ${String(i % 1000).padStart(3, '0')}\r\n`,
    );
  }
  await imap.logout();
  console.log(`appended ${N} messages in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const database = await openDb({ dataDir });
  await runMigrations(database);
  const t = await buildApp({
    database,
    hub: createLocalHub(),
    env: {
      TRUST_PROXY: false,
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 7,
      LOGIN_RATE_LIMIT_PER_MINUTE: 100,
      ISV_RATE_LIMIT_PER_MINUTE: 100,
    },
    mail: defaultMailSettings(),
  });
  const { mailboxes } = t.services;
  const connect = await mailboxes.connectImap('geral', {
    address: 'geral@example.test',
    username: 'geral@example.test',
    password: 'geral-pass',
    imap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
    smtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
  });
  if (!connect.isAuthenticated) throw new Error('not connected');
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const s0 = performance.now();
  let fetched = 0;
  let leads = 0;
  let ignored = 0;
  for (;;) {
    const r = await mailboxes.syncMailbox('geral');
    if (!r || r === 'busy') throw new Error(`sync: ${String(r)}`);
    if (r.error) throw new Error(r.error);
    fetched += r.fetched;
    leads += r.leadsCreated;
    ignored += r.ignored;
    if (r.fetched === 0) break;
  }
  const seconds = (performance.now() - s0) / 1000;
  clearInterval(timer);
  const polls: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p0 = performance.now();
    await mailboxes.syncMailbox('geral');
    polls.push(performance.now() - p0);
  }
  polls.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      messages: fetched,
      leadsCreated: leads,
      ignored,
      seconds: Number(seconds.toFixed(1)),
      messagesPerSecond: Math.round(fetched / seconds),
      extraPeakRssMB: Math.round((peak - rss0) / 1048576),
      unchangedPollMsMedian: Number(polls[2]!.toFixed(1)),
    }),
  );
  await t.app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
} finally {
  await rig.stop();
}
