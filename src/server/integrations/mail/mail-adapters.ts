/**
 * The real adapters behind the mailbox services' ports (modules/mailboxes/mail-ports.ts, ADR 070):
 * IMAP/SMTP through imapflow and nodemailer, Google sign-in over fetch, secrets sealed with the key
 * outside the database. app.ts builds them once from the mail settings.
 */
import {
  exchangeGoogleCode,
  googleAuthUrl,
  googleConfigured,
  refreshGoogleToken,
  revokeGoogleToken,
} from './google-oauth.ts';
import type { MailSettings } from './mail-settings.ts';
import { describeMailFailure, MailConnectionError, openImap, testMailConnection } from './mail-transport.ts';
import { createSecretBox } from './secret-box.ts';

export function createMailAdapters(settings: MailSettings) {
  const { google, timeoutMs } = settings;
  return {
    servers: {
      open: (conn: Parameters<typeof openImap>[0]) => openImap(conn, timeoutMs),
      test: (conn: Parameters<typeof testMailConnection>[0]) => testMailConnection(conn, timeoutMs),
      describe: describeMailFailure,
      failureOf: (err: unknown) => (err instanceof MailConnectionError ? err.failure : null),
    },
    google: {
      configured: () => googleConfigured(google),
      authUrl: (opts: Parameters<typeof googleAuthUrl>[1]) => googleAuthUrl(google, opts),
      exchange: (code: string, redirectUri: string) => exchangeGoogleCode(google, code, redirectUri, timeoutMs),
      refresh: (refreshToken: string) => refreshGoogleToken(google, refreshToken, timeoutMs),
      revoke: (token: string) => revokeGoogleToken(google, token, timeoutMs),
    },
    secrets: createSecretBox(settings.secretKey),
  };
}
