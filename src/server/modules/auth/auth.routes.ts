import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema } from '#shared/schemas/auth.ts';
import { userSchema } from '#shared/schemas/users.ts';
import { SESSION_COOKIE, sessionCookieOptions, sessionToken, signedInUser } from '#server/plugins/auth.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionService } from './session.service.ts';
import { hashToken } from './session.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionService;
  secureCookies: 'auto' | boolean;
  loginRateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  app.post(
    '/api/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: { max: opts.loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: { body: loginSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      // A sign-in always starts a new session: any session the browser already had is ended first.
      const previous = sessionToken(request);
      if (previous) await opts.sessions.destroy(hashToken(previous));
      const { user, token, expire } = await opts.auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, opts.secureCookies, expire));
      return user;
    },
  );

  // Public and idempotent: signing out twice, or with an expired session, still clears the cookie.
  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) {
        const session = await opts.sessions.resolve(token);
        if (session) await opts.auth.logout(session.sid, session.user, request.ip);
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/user',
    { config: { access: 'user' }, schema: { response: { 200: userSchema } } },
    async (request) => signedInUser(request),
  );

  // Where the browser goes after losing its session: the admin shell shows the login form.
  app.get(
    '/api/login',
    {
      config: { access: 'public' },
      schema: { response: { 302: z.null().describe('Redirects to /admin, which shows the sign-in form.') } },
    },
    async (_request, reply) => reply.redirect('/admin'),
  );
};
