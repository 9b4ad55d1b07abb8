import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Radix positions popovers with inline styles.
  "style-src 'self' 'unsafe-inline'",
  // Listing photos come from the marketplaces' CDNs until a proposal stores them.
  "img-src 'self' data: blob: https:",
  "connect-src 'self' ws: wss:",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

/**
 * Security headers on every answer, computed once (helmet's set, without HSTS: the app may run on
 * plain http on a LAN, so HSTS belongs to the TLS terminator). A route may override any of them.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** JSON answers are never rendered as documents: they need no policy for scripts or frames of their own. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
});

/**
 * The one onRequest hook every answer goes through: the request id (x-request-id, so a client or a
 * proxy can quote it) and the security headers. One hook instead of two saves a hook call and a
 * closure per request on the hot path.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: { testImageOrigin?: string }) => {
  // helmet rebuilt its policy on every request (a profile showed it in the hot path of every
  // call); the headers never change, so they are set from frozen objects.
  // TEST ONLY: the listing fixture server (LISTING_FETCH_TEST_ORIGIN) may show its photos.
  const page = opts.testImageOrigin
    ? Object.freeze({
        ...SECURITY_HEADERS,
        'content-security-policy': CSP.replace("img-src 'self'", `img-src 'self' ${opts.testImageOrigin}`),
      })
    : SECURITY_HEADERS;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(request.url.startsWith('/api/') ? API_SECURITY_HEADERS : page);
    done();
  });
});
