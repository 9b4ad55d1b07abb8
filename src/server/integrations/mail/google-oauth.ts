/**
 * Google sign-in for a mailbox (OAuth 2.0 authorization code, offline access, scope
 * https://mail.google.com/ plus openid email to learn the address). Plain fetch against
 * configurable endpoints: Google's by default, the local stub in tests.
 */
import type { GoogleOAuthSettings } from './mail-settings.ts';

export const GMAIL_SCOPE = 'https://mail.google.com/ openid email';

export class GoogleOAuthError extends Error {
  constructor(
    message: string,
    /** Google's error code: invalid_grant means the refresh token is dead (revoked, expired). */
    readonly code: string,
  ) {
    super(message);
  }
}

export interface GoogleTokens {
  accessToken: string;
  expiresAt: number;
  refreshToken: string | null;
  /** The signed-in address (from the id_token), when Google sent one. */
  email: string | null;
}

export function googleConfigured(
  s: GoogleOAuthSettings,
): s is GoogleOAuthSettings & { clientId: string; clientSecret: string } {
  return !!(s.clientId && s.clientSecret);
}

export function googleAuthUrl(
  s: GoogleOAuthSettings,
  p: { redirectUri: string; state: string; loginHint?: string | null },
): string {
  const url = new URL(s.authUrl);
  url.search = new URLSearchParams({
    client_id: s.clientId ?? '',
    redirect_uri: p.redirectUri,
    response_type: 'code',
    scope: GMAIL_SCOPE,
    access_type: 'offline',
    // Without consent Google sends no refresh token on a re-connect.
    prompt: 'consent',
    state: p.state,
    ...(p.loginHint ? { login_hint: p.loginHint } : {}),
  }).toString();
  return url.toString();
}

/** The e-mail claim of an id_token received straight from the token endpoint (TLS vouches for the issuer). */
function emailFromIdToken(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
    };
    return typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

async function tokenCall(
  s: GoogleOAuthSettings,
  body: Record<string, string>,
  timeoutMs: number,
): Promise<GoogleTokens> {
  const res = await fetch(s.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: s.clientId ?? '', client_secret: s.clientSecret ?? '', ...body }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof json.access_token !== 'string') {
    const code = typeof json.error === 'string' ? json.error : `http_${res.status}`;
    const description = typeof json.error_description === 'string' ? json.error_description : code;
    throw new GoogleOAuthError(description, code);
  }
  return {
    accessToken: json.access_token,
    expiresAt: Date.now() + (typeof json.expires_in === 'number' ? json.expires_in : 3600) * 1000,
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : null,
    email: emailFromIdToken(json.id_token),
  };
}

export function exchangeGoogleCode(s: GoogleOAuthSettings, code: string, redirectUri: string, timeoutMs = 15_000) {
  return tokenCall(s, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, timeoutMs);
}

export function refreshGoogleToken(s: GoogleOAuthSettings, refreshToken: string, timeoutMs = 15_000) {
  return tokenCall(s, { grant_type: 'refresh_token', refresh_token: refreshToken }, timeoutMs);
}

/** Revokes a token at Google; a token Google no longer knows counts as revoked. */
export async function revokeGoogleToken(s: GoogleOAuthSettings, token: string, timeoutMs = 15_000): Promise<void> {
  const res = await fetch(s.revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok && res.status !== 400)
    throw new GoogleOAuthError(`Google answered ${res.status} to the revoke`, `http_${res.status}`);
}
