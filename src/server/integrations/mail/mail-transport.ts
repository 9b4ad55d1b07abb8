/**
 * Options for imapflow and nodemailer from one mailbox connection, the connection test, and the
 * translation of what servers answer into words an admin can act on (ADR 025).
 */
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { GoogleOAuthError } from './google-oauth.ts';
import type { ServerEndpoint } from './mail-settings.ts';

export type MailAuth =
  | { type: 'password'; password: string }
  /** Gmail after Google sign-in: a fresh access token per connection (refreshed 60 s early). */
  | { type: 'xoauth2'; accessToken: () => Promise<string> };

/** Everything needed to read and send as one mailbox (what the mailbox connections service hands out, ADR 070). */
export interface MailConnection {
  account: 'geral' | 'comercial';
  provider: 'gmail' | 'imap';
  address: string;
  username: string;
  imap: ServerEndpoint;
  smtp: ServerEndpoint;
  auth: MailAuth;
  /** Gmail files a Sent copy by itself; other providers need an IMAP APPEND after sending. */
  appendToSent: boolean;
}

export async function imapOptions(conn: MailConnection, timeoutMs = 20_000): Promise<ImapFlowOptions> {
  const auth =
    conn.auth.type === 'password'
      ? { user: conn.username, pass: conn.auth.password }
      : { user: conn.username, accessToken: await conn.auth.accessToken() };
  return {
    host: conn.imap.host,
    port: conn.imap.port,
    secure: conn.imap.security === 'tls',
    // starttls: required (never silently plain); none: never attempted.
    doSTARTTLS: conn.imap.security === 'starttls' ? true : conn.imap.security === 'none' ? false : undefined,
    auth,
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: Math.max(timeoutMs * 3, 60_000),
    clientInfo: { name: 'autoimport-backoffice' },
  } as ImapFlowOptions;
}

/** A connected imapflow client; the caller logs out (or closes) it. */
export async function openImap(conn: MailConnection, timeoutMs?: number): Promise<ImapFlow> {
  const client = new ImapFlow(await imapOptions(conn, timeoutMs));
  // A dropped connection emits 'error' after connect; the operation in progress rejects on its own.
  client.on('error', () => {});
  await client.connect();
  return client;
}

export async function smtpTransportOptions(conn: MailConnection, timeoutMs = 20_000): Promise<SMTPTransport.Options> {
  const auth =
    conn.auth.type === 'password'
      ? { user: conn.username, pass: conn.auth.password }
      : { type: 'OAuth2' as const, user: conn.username, accessToken: await conn.auth.accessToken() };
  return {
    host: conn.smtp.host,
    port: conn.smtp.port,
    secure: conn.smtp.security === 'tls',
    requireTLS: conn.smtp.security === 'starttls',
    ignoreTLS: conn.smtp.security === 'none',
    auth,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: Math.max(timeoutMs * 3, 60_000),
  };
}

export type MailFailureKind = 'auth' | 'revoked' | 'unreachable' | 'tls' | 'imap_disabled' | 'other';

export interface MailFailure {
  kind: MailFailureKind;
  /** For the admin, in plain words. */
  message: string;
  /** Polling stops until an admin reconnects the mailbox. */
  needsReconnect: boolean;
}

/** What went wrong talking to a mail server or Google, in words an admin can act on. */
export function describeMailFailure(
  err: unknown,
  where: { protocol: 'IMAP' | 'SMTP'; host: string; port: number },
): MailFailure {
  const e = err as {
    code?: string;
    authenticationFailed?: boolean;
    responseCode?: number;
    response?: string;
    responseText?: string;
    message?: string;
  };
  const text = [e.message, e.response, e.responseText].filter(Boolean).join(' ');
  if (err instanceof GoogleOAuthError && err.code === 'invalid_grant') {
    return {
      kind: 'revoked',
      message: 'Google access was revoked or has expired. Reconnect the mailbox.',
      needsReconnect: true,
    };
  }
  if (err instanceof GoogleOAuthError) {
    return { kind: 'other', message: `Google sign-in failed: ${err.message}`, needsReconnect: false };
  }
  if (/IMAP (access )?is disabled|not enabled for IMAP|IMAP use/i.test(text)) {
    return {
      kind: 'imap_disabled',
      message:
        'IMAP is disabled for this account or its domain. Turn IMAP on (Google Workspace: Admin console > Gmail > End user access), then reconnect.',
      needsReconnect: true,
    };
  }
  if (
    e.authenticationFailed ||
    e.code === 'EAUTH' ||
    e.responseCode === 535 ||
    /AUTHENTICATIONFAILED|Authentication failed/i.test(text)
  ) {
    return {
      kind: 'auth',
      message: `The ${where.protocol} server refused the user name or password (or access token). Reconnect the mailbox with the right credentials.`,
      needsReconnect: true,
    };
  }
  if (
    [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ECONNRESET',
      'ETIMEOUT',
      'ESOCKET',
      'CONNECT_TIMEOUT',
      'GREETING_TIMEOUT',
      'ECONNECTION',
    ].includes(e.code ?? '') &&
    !/SSL|TLS|certificate/i.test(text)
  ) {
    return {
      kind: 'unreachable',
      message: `The ${where.protocol} server ${where.host}:${where.port} could not be reached. Check the host and port, or try again later.`,
      needsReconnect: false,
    };
  }
  if (
    /SSL|TLS|certificate|wrong version number|STARTTLS/i.test(text) ||
    e.code === 'ETLS' ||
    /^ERR_SSL|^CERT_|^UNABLE_TO/.test(e.code ?? '')
  ) {
    return {
      kind: 'tls',
      message:
        `A secure connection to ${where.host}:${where.port} failed: check that the port matches the security (TLS usually 993/465, STARTTLS 143/587). ${e.message ?? ''}`.trim(),
      needsReconnect: false,
    };
  }
  return {
    kind: 'other',
    message: `${where.protocol} ${where.host}:${where.port}: ${e.message ?? String(err)}`,
    needsReconnect: false,
  };
}

/** Logs in to IMAP (opens INBOX) and to SMTP; throws a MailFailure-carrying error on the first that fails. */
export async function testMailConnection(conn: MailConnection, timeoutMs = 15_000): Promise<void> {
  let step: { protocol: 'IMAP' | 'SMTP'; host: string; port: number } = { protocol: 'IMAP', ...conn.imap };
  try {
    const imap = await openImap(conn, timeoutMs);
    try {
      const lock = await imap.getMailboxLock('INBOX');
      lock.release();
    } finally {
      await imap.logout().catch(() => imap.close());
    }
    step = { protocol: 'SMTP', ...conn.smtp };
    const transport = nodemailer.createTransport(await smtpTransportOptions(conn, timeoutMs));
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  } catch (err) {
    throw new MailConnectionError(describeMailFailure(err, step), err);
  }
}

export class MailConnectionError extends Error {
  constructor(
    readonly failure: MailFailure,
    cause: unknown,
  ) {
    super(failure.message, { cause });
  }
}

const SENT_NAMES = ['Sent', 'Sent Items', 'Sent Messages', 'Enviados', 'Itens enviados', 'INBOX.Sent', 'INBOX/Sent'];

/** The mailbox's Sent folder on an open client: SPECIAL-USE \Sent, else a usual name, else 'Sent' (created). */
export async function sentFolderPath(client: ImapFlow): Promise<string> {
  const folders = await client.list();
  const sent =
    folders.find((f) => f.specialUse === '\\Sent') ??
    SENT_NAMES.map((n) => folders.find((f) => f.path.toLowerCase() === n.toLowerCase())).find(Boolean);
  if (sent) return sent.path;
  await client.mailboxCreate('Sent').catch(() => undefined);
  return 'Sent';
}

/**
 * Files a sent message in the mailbox's Sent folder, for providers whose SMTP does not
 * (conn.appendToSent). Answers the folder used. The outbox's drain keeps one session per pass
 * instead (integrations/mail/mailbox-sender.ts).
 */
export async function appendToSentFolder(
  conn: MailConnection,
  raw: Buffer | string,
  timeoutMs?: number,
): Promise<string> {
  const client = await openImap(conn, timeoutMs);
  try {
    const path = await sentFolderPath(client);
    await client.append(path, raw, ['\\Seen']);
    return path;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
