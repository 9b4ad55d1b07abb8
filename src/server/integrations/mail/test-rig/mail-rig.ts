/**
 * The mail test rig (tests and benches only): a private Dovecot (IMAP + LMTP, passwords and
 * XOAUTH2 checked against the Google OAuth stub) and a private Postfix (inbound SMTP for "the
 * internet", submission with Dovecot SASL for the app), in a temporary directory on free loopback
 * ports. Postfix hands every message, whatever the domain, to Dovecot by LMTP: nothing leaves the
 * machine, and every recipient gets a mailbox. Needs root and the Debian packages dovecot-imapd,
 * dovecot-lmtpd and postfix (docs/mail.md).
 */
import { execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startGoogleOAuthStub, type GoogleOAuthStub } from './google-oauth-stub.ts';
import { dovecotConf, oauth2Conf, postfixMain, postfixMaster } from './mail-rig-config.ts';
import { addresses, headerValue, smtpSend, waitForPort } from './mail-rig-net.ts';

const run = promisify(execFile);

/** Runs a daemon's start command: its stdio is not piped, since the daemon it leaves behind would hold the pipe open. */
function startDaemon(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export const DOVECOT = '/usr/sbin/dovecot';
export const POSTFIX = '/usr/sbin/postfix';

/** Why the rig cannot start here, or null when it can. */
export function mailRigUnavailableReason(): string | null {
  if (!existsSync(DOVECOT)) return 'Dovecot is not installed (apt-get install dovecot-imapd dovecot-lmtpd)';
  if (!existsSync('/usr/lib/dovecot/lmtp')) return 'Dovecot LMTP is not installed (apt-get install dovecot-lmtpd)';
  if (!existsSync(POSTFIX)) return 'Postfix is not installed (apt-get install postfix)';
  if (process.getuid?.() !== 0) return 'the mail rig starts Dovecot and Postfix as root; this process is not root';
  return null;
}

/**
 * For a test file: whether to skip the mail tests, with the reason printed. On CI (CI=true) a
 * missing rig is an error, never a skip.
 */
export function skipWithoutMailRig(): boolean {
  const reason = mailRigUnavailableReason();
  if (!reason) return false;
  if (process.env.CI === 'true') throw new Error(`The mail rig is required on CI: ${reason}`);
  console.warn(`Mail tests skipped: ${reason}`);
  return true;
}

export interface MailRigUser {
  address: string;
  password: string;
}

export interface DeliverOptions {
  /** Envelope sender; '' sends a bounce (MAIL FROM:<>). Default: the From address. */
  envelopeFrom?: string;
  /** Envelope recipients. Default: the To/Cc addresses of the message. */
  to?: string[];
}

export interface MailRig {
  dir: string;
  host: '127.0.0.1';
  ports: { imap: number; lmtp: number; smtp: number; submission: number };
  /** The Google stand-in whose tokens Dovecot and Postfix SASL accept (XOAUTH2 / OAUTHBEARER). */
  oauth: GoogleOAuthStub;
  users: Map<string, string>;
  /**
   * Adds a mailbox user, or changes a user's password (then waits 1.1 s: Dovecot looks at a
   * passwd file's time at most once a second).
   */
  addUser(address: string, password: string): Promise<void>;
  /** Sends a raw RFC 5322 message into Postfix's inbound port (the way a customer's mail arrives). */
  deliver(raw: string | Buffer, options?: DeliverOptions): Promise<void>;
  /** Resolves once a message with this Message-ID is in the address's INBOX (maildir), or throws after `timeoutMs`. */
  waitForMessage(address: string, messageId: string, timeoutMs?: number): Promise<string>;
  /** Raw messages in an address's INBOX (maildir new + cur), oldest first. */
  inbox(address: string): string[];
  /** Appends a raw message straight into a folder over IMAP (no queue: instant). */
  append(address: string, raw: string | Buffer, folder?: string): Promise<void>;
  /** Gives a user's INBOX a new UIDVALIDITY (the server renumbered it, as after a mailbox rebuild). */
  setUidValidity(address: string, uidValidity: number): Promise<void>;
  /** Logs (Dovecot, Postfix) for a failing test's message. */
  logs(): string;
  stop(): Promise<void>;
}

export interface MailRigOptions {
  users?: MailRigUser[];
  /** Reuse an OAuth stub (else one is started and stopped with the rig). */
  oauth?: GoogleOAuthStub;
}

/** A free loopback port: bind to 0 and let the kernel choose. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const DEFAULT_USERS: MailRigUser[] = [
  { address: 'geral@example.test', password: 'geral-pass' },
  { address: 'comercial@example.test', password: 'comercial-pass' },
  { address: 'cliente@example.test', password: 'cliente-pass' },
];

/** Starts Dovecot and Postfix (about 3 s). Call `stop()` in afterAll. */
export async function startMailRig(options: MailRigOptions = {}): Promise<MailRig> {
  const reason = mailRigUnavailableReason();
  if (reason) throw new Error(`mail rig unavailable: ${reason}`);
  const oauth = options.oauth ?? (await startGoogleOAuthStub());
  const ownsOauth = !options.oauth;
  const d = mkdtempSync(path.join(os.tmpdir(), 'mail-rig-'));
  const ports = {
    imap: await freePort(),
    lmtp: await freePort(),
    smtp: await freePort(),
    submission: await freePort(),
  };
  for (const sub of ['run', 'state', 'mail', 'pf/etc', 'pf/spool', 'pf/data'])
    mkdirSync(path.join(d, sub), { recursive: true });
  chmodSync(d, 0o755);
  chownSync(path.join(d, 'mail'), 65534, 65534);
  const postfixUid = Number((await run('id', ['-u', 'postfix'])).stdout.trim());
  chownSync(path.join(d, 'pf/data'), postfixUid, 0);

  const users = new Map<string, string>();
  // One passwd file per user (the path holds %u): a new or changed user is read at its next login.
  mkdirSync(path.join(d, 'users'));
  let stamp = Math.floor(Date.now() / 1000);
  const writeUser = (address: string, password: string) => {
    users.set(address, password);
    const file = path.join(d, 'users', address);
    writeFileSync(file, `${address}:{PLAIN}${password}::::\n`);
    // Dovecot re-reads a passwd file when its mtime changes: a new second for every write.
    stamp += 1;
    utimesSync(file, stamp, stamp);
  };
  for (const u of options.users ?? DEFAULT_USERS) writeUser(u.address, u.password);
  writeFileSync(path.join(d, 'oauth2.conf'), oauth2Conf(oauth.urls.tokeninfo));
  writeFileSync(path.join(d, 'dovecot.conf'), dovecotConf(d, ports));
  writeFileSync(path.join(d, 'pf/etc/main.cf'), postfixMain(d, ports));
  writeFileSync(path.join(d, 'pf/etc/master.cf'), postfixMaster(ports));

  const logs = () =>
    ['dovecot.log', 'postfix.log']
      .map((f) => path.join(d, f))
      .filter((f) => existsSync(f))
      .map((f) => `--- ${path.basename(f)}\n${readFileSync(f, 'utf8').split('\n').slice(-40).join('\n')}`)
      .join('\n');

  let dovecotStarted = false;
  let postfixStarted = false;
  const stop = async () => {
    await Promise.allSettled([
      postfixStarted ? startDaemon(POSTFIX, ['-c', path.join(d, 'pf/etc'), 'abort']) : Promise.resolve(),
      dovecotStarted
        ? startDaemon('/usr/bin/doveadm', ['-c', path.join(d, 'dovecot.conf'), 'stop'])
        : Promise.resolve(),
    ]);
    if (ownsOauth) await oauth.close();
    rmSync(d, { recursive: true, force: true });
  };

  try {
    await startDaemon(DOVECOT, ['-c', path.join(d, 'dovecot.conf')]);
    dovecotStarted = true;
    await run(POSTFIX, ['-c', path.join(d, 'pf/etc'), 'check']);
    await startDaemon(POSTFIX, ['-c', path.join(d, 'pf/etc'), 'start']);
    postfixStarted = true;
    await Promise.all([waitForPort(ports.imap, 10_000), waitForPort(ports.smtp, 10_000)]);
  } catch (err) {
    const detail = logs();
    await stop();
    throw new Error(`mail rig did not start: ${(err as Error).message}\n${detail}`, { cause: err });
  }

  const maildir = (address: string) => path.join(d, 'mail', address);
  const inbox = (address: string) => {
    const files: Array<{ name: string; full: string }> = [];
    for (const sub of ['new', 'cur']) {
      const dir = path.join(maildir(address), sub);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)) files.push({ name, full: path.join(dir, name) });
    }
    // Maildir names start with the delivery time in seconds, then a unique part: a stable order.
    files.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    return files.map((f) => readFileSync(f.full, 'utf8'));
  };

  return {
    dir: d,
    host: '127.0.0.1',
    ports,
    oauth,
    users,
    async addUser(address, password) {
      const existed = users.has(address);
      writeUser(address, password);
      if (existed) await new Promise((r) => setTimeout(r, 1100));
    },
    async deliver(raw, opts = {}) {
      const data = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8');
      const text = data.toString('utf8');
      const from = opts.envelopeFrom ?? addresses(headerValue(text, 'From'))[0] ?? '';
      const to = opts.to ?? [...addresses(headerValue(text, 'To')), ...addresses(headerValue(text, 'Cc'))];
      if (!to.length) throw new Error('mail rig deliver: no recipient');
      await smtpSend(ports.smtp, from, to, data);
    },
    async waitForMessage(address, messageId, timeoutMs = 10_000) {
      const id = messageId.replace(/^<|>$/g, '');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox(address).find((m) => headerValue(m, 'Message-ID')?.includes(id));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`mail rig: <${id}> never reached ${address}\n${logs()}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    inbox,
    async append(address, raw, folder = 'INBOX') {
      const password = users.get(address);
      if (!password) throw new Error(`mail rig append: ${address} is not a rig user`);
      const { ImapFlow } = await import('imapflow');
      const client = new ImapFlow({
        host: '127.0.0.1',
        port: ports.imap,
        secure: false,
        auth: { user: address, pass: password },
        logger: false,
      });
      await client.connect();
      try {
        await client.append(folder, raw);
      } finally {
        await client.logout();
      }
    },
    async setUidValidity(address, uidValidity) {
      await run('/usr/bin/doveadm', [
        '-c',
        path.join(d, 'dovecot.conf'),
        'mailbox',
        'update',
        '-u',
        address,
        '--uid-validity',
        String(uidValidity),
        'INBOX',
      ]);
    },
    logs,
    stop,
  };
}
