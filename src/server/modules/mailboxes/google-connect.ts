/**
 * Connecting a Gmail mailbox with Google sign-in (ADR 025): the consent URL carries a state bound
 * to the admin's session and the account for 15 minutes; Google's redirect back is accepted only
 * with that state, and the refresh token is stored sealed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { isLoopbackHost } from '#server/lib/loopback-host.ts';
import { MAIL_ACCOUNT_LABELS, MAIL_ACCOUNTS, type MailAccount } from '#shared/schemas/mailboxes.ts';
import type { GoogleSignIn, GoogleTokens, SecretSealer } from './mail-ports.ts';
import * as repo from './mailboxes.repository.ts';

const STATE_TTL_MS = 15 * 60_000;

/** Whether Google sign-in can be offered here: client id and secret set, and a redirect Google accepts. */
export function googleSignInAvailability(
  configured: boolean,
  publicUrl: string,
): { available: boolean; reason: string | null } {
  if (!configured) {
    return {
      available: false,
      reason: 'Google sign-in is not set up: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (docs/mail.md).',
    };
  }
  const url = new URL(publicUrl);
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    return {
      available: false,
      reason: `Google only redirects to https addresses or localhost: set PUBLIC_URL to this site's https address (now ${publicUrl}).`,
    };
  }
  return { available: true, reason: null };
}

export interface GoogleConnectDeps {
  db: Db;
  hub: EventHub;
  clock: Clock;
  google: GoogleSignIn;
  secrets: SecretSealer;
  /** Signs the state (an HMAC key derived from it). */
  secretKey: Buffer;
  redirectUri: string;
  /** Why Google sign-in cannot be offered here, or null when it can. */
  unavailable: () => string | null;
  /** The fresh access token, kept in the connections' token cache. */
  remember: (account: MailAccount, tokens: GoogleTokens & { refreshToken: string }) => void;
}

export function createGoogleConnect(deps: GoogleConnectDeps) {
  const { db, hub, clock, google, secrets, redirectUri } = deps;
  const stateKey = createHmac('sha256', deps.secretKey).update('google-oauth-state').digest();
  const signState = (sid: string, account: MailAccount, expires: number, nonce: string) =>
    createHmac('sha256', stateKey).update(`${sid}|${account}|${expires}|${nonce}`).digest('base64url');

  function stateIsValid(state: string | undefined, sid: string | null): MailAccount | null {
    const [account, expiresRaw, nonce, mac] = (state ?? '').split('.');
    if (!sid || !MAIL_ACCOUNTS.includes(account as MailAccount) || !expiresRaw || !nonce || !mac) return null;
    if (!(Number(expiresRaw) > clock.now().getTime())) return null;
    const expected = Buffer.from(signState(sid, account as MailAccount, Number(expiresRaw), nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? (account as MailAccount) : null;
  }

  return {
    /** The Google consent URL; its state is bound to this admin session and the account. */
    googleAuthUrl(account: MailAccount, sid: string, loginHint?: string | null): string {
      const reason = deps.unavailable();
      if (reason) throw new AppError('VALIDATION', reason);
      const expires = clock.now().getTime() + STATE_TTL_MS;
      const nonce = randomBytes(12).toString('base64url');
      const state = `${account}.${expires}.${nonce}.${signState(sid, account, expires, nonce)}`;
      return google.authUrl({ redirectUri, state, loginHint });
    },

    /**
     * Google's redirect back: the state must have been issued to this same session, for this
     * account, less than 15 minutes ago. Stores the refresh token sealed; answers the account.
     */
    async googleCallback(
      query: { state?: string; code?: string; error?: string },
      sid: string | null,
    ): Promise<MailAccount> {
      const acct = stateIsValid(query.state, sid);
      if (!acct) {
        throw new AppError(
          'FORBIDDEN',
          'This sign-in link is not valid for your session (expired, or started by someone else). Start again from Settings.',
        );
      }
      if (query.error)
        throw new AppError(
          'VALIDATION',
          `Google sign-in was cancelled (${query.error}). The mailbox is not connected.`,
        );
      if (!query.code)
        throw new AppError('VALIDATION', 'Google sent no authorisation code. Start again from Settings.');
      let tokens;
      try {
        tokens = await google.exchange(query.code, redirectUri);
      } catch (err) {
        throw new AppError('BAD_GATEWAY', `Google refused the sign-in: ${(err as Error).message}`);
      }
      const { refreshToken } = tokens;
      if (!refreshToken) {
        throw new AppError(
          'BAD_GATEWAY',
          'Google sent no refresh token. Remove the app’s access in your Google account, then connect again.',
        );
      }
      if (!tokens.email)
        throw new AppError('BAD_GATEWAY', 'Google did not say which address signed in. Connect again.');
      const other = (await repo.listMailboxes(db)).find(
        (r) => r.account !== acct && r.address?.toLowerCase() === tokens.email,
      );
      if (other) {
        await google.revoke(refreshToken).catch(() => undefined);
        throw new AppError(
          'CONFLICT',
          `${tokens.email} is already connected as the ${MAIL_ACCOUNT_LABELS[other.account as MailAccount]} mailbox.`,
        );
      }
      const now = clock.now();
      await repo.upsertMailbox(db, {
        account: acct,
        provider: 'gmail',
        address: tokens.email,
        config: { username: tokens.email } satisfies repo.MailboxConfig,
        secretEncrypted: secrets.seal(refreshToken, acct),
        createdAt: now,
        updatedAt: now,
      });
      deps.remember(acct, { ...tokens, refreshToken });
      hub.publish({ type: 'mailbox_status', data: { account: acct }, audience: { kind: 'staff' } });
      return acct;
    },
  };
}
