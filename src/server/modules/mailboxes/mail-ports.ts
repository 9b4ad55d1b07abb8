/**
 * What the mailbox services need from the outside world, in their own terms (ADR 070). The real
 * adapters live in integrations/mail/ (`createMailAdapters`); app.ts builds them once and hands
 * them in, so no service here imports an adapter. Only the data shapes (a connection, a failure,
 * Google's tokens) are shared with the integration, as types.
 */
import type { ImapFlow } from 'imapflow';
import type { GoogleTokens } from '#server/integrations/mail/google-oauth.ts';
import type { MailConnection, MailFailure } from '#server/integrations/mail/mail-transport.ts';

export type { GoogleTokens, MailConnection, MailFailure };

/** Where a failure happened, for the words an admin reads. */
export interface FailurePlace {
  protocol: 'IMAP' | 'SMTP';
  host: string;
  port: number;
}

/** The IMAP and SMTP servers of one mailbox. */
export interface MailServers {
  /** A logged-in IMAP client; the caller logs out (or closes) it. */
  open(conn: MailConnection): Promise<ImapFlow>;
  /** Logs in to IMAP and SMTP; throws when either refuses. */
  test(conn: MailConnection): Promise<void>;
  /** The failure in words an admin can act on (wrong password, token revoked, unreachable, TLS). */
  describe(err: unknown, where: FailurePlace): MailFailure;
  /** The failure a connection test already described; null for any other error. */
  failureOf(err: unknown): MailFailure | null;
}

/** Google sign-in (OAuth) for Gmail mailboxes. */
export interface GoogleSignIn {
  /** Whether a client id and secret are set. */
  configured(): boolean;
  authUrl(opts: { redirectUri: string; state: string; loginHint?: string | null }): string;
  exchange(code: string, redirectUri: string): Promise<GoogleTokens>;
  refresh(refreshToken: string): Promise<{ accessToken: string; expiresAt: number }>;
  /** Withdraws a token at Google (best effort: the caller decides what a refusal means). */
  revoke(token: string): Promise<void>;
}

/** Seals a mailbox's password or refresh token with the key kept outside the database. */
export interface SecretSealer {
  seal(secret: string, account: string): string;
  /** The secret, or null when this key cannot open it (restored elsewhere, key changed). */
  open(sealed: string, account: string): string | null;
}

export interface MailPorts {
  servers: MailServers;
  google: GoogleSignIn;
  secrets: SecretSealer;
}
