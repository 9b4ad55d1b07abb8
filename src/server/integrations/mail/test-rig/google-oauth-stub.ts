/**
 * A local stand-in for Google's OAuth 2.0 endpoints (tests only): consent, code exchange, refresh,
 * revoke and token introspection. Dovecot's oauth2 passdb checks XOAUTH2/OAUTHBEARER tokens
 * against `tokeninfo`, so the whole Gmail-over-IMAP/SMTP path runs without Google. Answers follow
 * Google's shapes and texts (invalid_grant: 'Token has been expired or revoked.').
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleOAuthStub {
  origin: string;
  clientId: string;
  clientSecret: string;
  /** Endpoints in the shape of the app's GOOGLE_OAUTH_* settings. */
  urls: { auth: string; token: string; revoke: string; tokeninfo: string };
  /** The next consent is refused (redirects back with error=access_denied). */
  denyNextConsent(): void;
  /** The next consent signs in as this address whatever login_hint said. */
  consentAsNext(email: string): void;
  /** The user removes the app's access in their Google account: refresh and access tokens die. */
  revokeUser(email: string): void;
  /** Access tokens issued so far die now (refresh tokens keep working). */
  expireAccessTokens(): void;
  /** Refresh tokens the stub still honours, by address. */
  liveRefreshTokens(email?: string): string[];
  /** Every request seen, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

export interface GoogleOAuthStubOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Seconds an access token lives (Google: 3599). */
  accessTokenTtl?: number;
}

interface Grant {
  email: string;
  scope: string;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startGoogleOAuthStub(options: GoogleOAuthStubOptions = {}): Promise<GoogleOAuthStub> {
  const clientId = options.clientId ?? 'test-client.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'test-client-secret';
  const ttl = options.accessTokenTtl ?? 3599;
  const codes = new Map<string, Grant & { redirectUri: string }>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant & { refresh: string | null; expiresAt: number }>();
  const requests: string[] = [];
  let denyNext = false;
  let consentAs: string | null = null;
  let origin = '';

  const issueAccess = (grant: Grant, refresh: string | null) => {
    const access = token('ya29.');
    accessTokens.set(access, { ...grant, refresh, expiresAt: Date.now() + ttl * 1000 });
    return access;
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  const invalidGrant = (res: http.ServerResponse) =>
    json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      requests.push(`${req.method} ${url.pathname}`);
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri');
        const problems = [
          q.get('client_id') !== clientId && 'client_id',
          !redirectUri && 'redirect_uri',
          q.get('response_type') !== 'code' && 'response_type',
          !(q.get('scope') ?? '').split(' ').includes('https://mail.google.com/') && 'scope',
          q.get('access_type') !== 'offline' && 'access_type',
          q.get('prompt') !== 'consent' && 'prompt',
          !q.get('state') && 'state',
        ].filter(Boolean);
        if (problems.length || !redirectUri) {
          return void res.writeHead(400, { 'content-type': 'text/plain' }).end(`bad request: ${problems.join(', ')}`);
        }
        const back = new URL(redirectUri);
        back.searchParams.set('state', q.get('state') ?? '');
        if (denyNext) {
          denyNext = false;
          back.searchParams.set('error', 'access_denied');
        } else {
          const email = consentAs ?? q.get('login_hint') ?? 'someone@example.test';
          consentAs = null;
          const code = token('4/0A');
          codes.set(code, { email, scope: q.get('scope') ?? '', redirectUri });
          back.searchParams.set('code', code);
        }
        return void res.writeHead(302, { location: back.toString() }).end();
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const body = await readBody(req);
        if (body.get('client_id') !== clientId || body.get('client_secret') !== clientSecret) {
          return json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
        }
        if (body.get('grant_type') === 'authorization_code') {
          const grant = codes.get(body.get('code') ?? '');
          codes.delete(body.get('code') ?? '');
          if (!grant || grant.redirectUri !== body.get('redirect_uri')) {
            return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
          }
          const refresh = token('1//');
          refreshTokens.set(refresh, { email: grant.email, scope: grant.scope });
          const idToken = [
            b64url({ alg: 'RS256', typ: 'JWT' }),
            b64url({ iss: 'https://accounts.google.com', aud: clientId, email: grant.email, email_verified: true }),
            'stub-signature',
          ].join('.');
          return json(res, 200, {
            access_token: issueAccess(grant, refresh),
            expires_in: ttl,
            refresh_token: refresh,
            scope: grant.scope,
            token_type: 'Bearer',
            id_token: idToken,
          });
        }
        if (body.get('grant_type') === 'refresh_token') {
          const refresh = body.get('refresh_token') ?? '';
          const grant = refreshTokens.get(refresh);
          if (!grant) return invalidGrant(res);
          return json(res, 200, {
            access_token: issueAccess(grant, refresh),
            expires_in: ttl,
            scope: grant.scope,
            token_type: 'Bearer',
          });
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      if (req.method === 'POST' && url.pathname === '/revoke') {
        const body = await readBody(req);
        const value = url.searchParams.get('token') ?? body.get('token') ?? '';
        const access = accessTokens.get(value);
        const refresh = refreshTokens.has(value) ? value : (access?.refresh ?? null);
        if (!access && !refresh) return json(res, 400, { error: 'invalid_token', error_description: 'Bad Request' });
        if (refresh) {
          refreshTokens.delete(refresh);
          for (const [k, v] of accessTokens) if (v.refresh === refresh) accessTokens.delete(k);
        }
        accessTokens.delete(value);
        return json(res, 200, {});
      }
      if (req.method === 'GET' && url.pathname === '/tokeninfo') {
        const grant = accessTokens.get(url.searchParams.get('access_token') ?? '');
        // Unknown tokens answer 200 {active:false}: Dovecot reads a 4xx as a temporary failure.
        if (!grant || grant.expiresAt < Date.now()) return json(res, 200, { active: false });
        return json(res, 200, {
          active: true,
          email: grant.email,
          scope: grant.scope,
          expires_in: Math.floor((grant.expiresAt - Date.now()) / 1000),
        });
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    clientId,
    clientSecret,
    urls: {
      auth: `${origin}/o/oauth2/v2/auth`,
      token: `${origin}/token`,
      revoke: `${origin}/revoke`,
      tokeninfo: `${origin}/tokeninfo`,
    },
    denyNextConsent: () => void (denyNext = true),
    consentAsNext: (email) => void (consentAs = email),
    revokeUser(email) {
      for (const [k, v] of refreshTokens) if (v.email === email) refreshTokens.delete(k);
      for (const [k, v] of accessTokens) if (v.email === email) accessTokens.delete(k);
    },
    expireAccessTokens: () => accessTokens.clear(),
    liveRefreshTokens: (email) => [...refreshTokens].filter(([, v]) => !email || v.email === email).map(([k]) => k),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
