/** The mail rig's own network helpers (mail-rig.ts): waiting for a daemon's port, sending raw SMTP, reading headers. */
import net from 'node:net';

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.setTimeout(1000, () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`mail rig: nothing answered on 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function headerValue(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? null;
}

export const addresses = (value: string | null) =>
  value ? [...value.matchAll(/[^\s<>,;"]+@[^\s<>,;"]+/g)].map((m) => m[0]) : [];

/**
 * Minimal SMTP client for the rig's inbound port: sends bytes exactly as given (a customer's
 * client, a bounce with MAIL FROM:<>, a mailing list) without rewriting headers.
 */
export async function smtpSend(port: number, from: string, to: string[], data: Buffer): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setTimeout(10_000);
  let buffer = '';
  const waiters: Array<(line: string) => void> = [];
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    for (;;) {
      const m = /^(\d{3}) .*\r?\n/m.exec(buffer);
      if (!m) break;
      buffer = buffer.slice(m.index + m[0].length);
      waiters.shift()?.(m[0].trim());
    }
  });
  const failed = new Promise<never>((_, reject) => {
    socket.once('error', reject);
    socket.once('timeout', () => reject(new Error('mail rig SMTP timed out')));
  });
  const reply = (expect: string) =>
    Promise.race([
      new Promise<string>((resolve, reject) =>
        waiters.push((line) => (line.startsWith(expect) ? resolve(line) : reject(new Error(`SMTP: ${line}`)))),
      ),
      failed,
    ]);
  const command = (line: string, expect: string) => {
    const r = reply(expect);
    socket.write(`${line}\r\n`);
    return r;
  };
  try {
    await reply('220');
    await command('EHLO client.example.test', '250');
    await command(`MAIL FROM:<${from}>`, '250');
    for (const rcpt of to) await command(`RCPT TO:<${rcpt}>`, '250');
    await command('DATA', '354');
    const text = data.toString('latin1').replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const body = reply('250');
    socket.write(`${text}${text.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1');
    await body;
    await command('QUIT', '221');
  } finally {
    socket.destroy();
  }
}
