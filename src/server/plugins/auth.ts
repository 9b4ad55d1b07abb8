import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionService, ResolvedSession } from '#server/modules/auth/session.service.ts';
import type { UserRow } from '#server/modules/users/users.api.ts';

/** Every /api route declares who may call it; a route without `config.access` fails at start-up. */
export type Access = 'public' | 'user' | 'admin';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route also accepts a personal access token as `Authorization: Bearer <token>` (ADR 032).
     * Only the browser extension's routes set it; everywhere else the header is ignored.
     */
    bearer?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, in registration order (the guard test walks it). */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    /** The signed-in user, set by the guard on 'user' and 'admin' routes. */
    user: UserRow | null;
    session: ResolvedSession | null;
  }
}

export interface AuthPluginOptions {
  sessions: SessionService;
  secureCookies: 'auto' | boolean;
  /** Personal access tokens: the user of a live token, or null (ADR 032). */
  tokens?: { authenticate(token: string): Promise<UserRow | null> };
  /** The answer to a wrong or revoked token. */
  tokenRefused?: string;
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1];
}

/**
 * The session cookie's value, read from the Cookie header when asked for (ADR 037): only the guard
 * and a few auth routes need it, so no cookie parser runs on every request (@fastify/cookie is
 * registered with `hook: false` and only writes cookies). The rules of its parser: pairs split on
 * ';', names and values trimmed, the first `sid` wins, a quoted value unquoted, %-escapes decoded
 * when they are valid.
 */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (let start = 0; start < header.length;) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === SESSION_COOKIE) {
      let value = header.slice(eq + 1, end).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (value.includes('%')) {
        try {
          value = decodeURIComponent(value);
        } catch {
          // Not a valid escape: the value as sent, as the cookie parser does.
        }
      }
      return value;
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * The signed-in user of a 'user' or 'admin' route. The guard has set it before the handler runs;
 * should a route's access ever change to 'public', this answers 401 instead of a crash.
 */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
  return request.user;
}

export function sessionCookieOptions(request: FastifyRequest, secure: 'auto' | boolean, expires: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Behind HTTPS (directly or via a trusted proxy's X-Forwarded-Proto) the cookie is Secure.
    secure: secure === 'auto' ? request.protocol === 'https' : secure,
    expires,
  };
}

export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, opts) => {
  app.decorate('apiRoutes', []);
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  const authenticateFromDatabase = async (request: FastifyRequest, reply: FastifyReply, token: string | undefined) => {
    const found = token ? await opts.sessions.authenticate(token) : null;
    if (!found) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
    request.session = found.session;
    request.user = found.session.user;
    if (found.extendedTo)
      reply.setCookie(SESSION_COOKIE, token!, sessionCookieOptions(request, opts.secureCookies, found.extendedTo));
  };

  // Callback-style hooks: most signed-in requests are answered from the session cache
  // synchronously (no promise, no microtask); the rest go through the database.
  const authenticate = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const token = sessionToken(request);
    const cached = token ? opts.sessions.authenticateCached(token) : undefined;
    if (cached) {
      request.session = cached;
      request.user = cached.user;
      done();
      return;
    }
    authenticateFromDatabase(request, reply, token).then(() => done(), done);
  };

  // A bearer route with an Authorization header is judged by the token alone: a wrong one is
  // refused even when a session cookie rides along.
  const authenticateBearer = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const token = bearerToken(request);
    if (request.headers.authorization === undefined || !opts.tokens) {
      authenticate(request, reply, done);
      return;
    }
    const refused = new AppError('UNAUTHENTICATED', opts.tokenRefused ?? 'Unauthorized');
    if (!token) {
      done(refused);
      return;
    }
    opts.tokens.authenticate(token).then((user) => {
      if (!user) return done(refused);
      request.user = user;
      done();
    }, done);
  };

  const guardsWith = (auth: typeof authenticate): Record<Exclude<Access, 'public'>, onRequestHookHandler> => ({
    user: function (request, reply, done) {
      auth(request, reply, done);
    },
    admin: function (request, reply, done) {
      auth(request, reply, (err) => {
        if (err) done(err);
        else if (request.user?.role !== 'admin') done(new AppError('FORBIDDEN', 'Access Denied'));
        else done();
      });
    },
  });
  const guards = guardsWith(authenticate);
  const bearerGuards = guardsWith(authenticateBearer);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api')) return;
    const access = route.config?.access;
    if (access !== 'public' && access !== 'user' && access !== 'admin') {
      throw new Error(
        `Route ${String(route.method)} ${url} has no access rule: set config.access to 'public', 'user' or 'admin'.`,
      );
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.apiRoutes.push({ method, url, access });
    if (access === 'public') return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    // The guard runs first, before any other hook, body parsing or validation.
    route.onRequest = [(route.config?.bearer ? bearerGuards : guards)[access], ...existing];
  });
});
