import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { DOCS_PREFIX, OPENAPI_URL } from '#server/plugins/openapi.ts';
import { SECURITY_HEADERS } from '#server/plugins/security-headers.ts';
import { REPO_ROOT } from '#server/lib/paths.ts';

/**
 * The docs page is a document, not a JSON answer: it gets the page policy (scripts, styles and
 * images from this server only; Swagger UI styles some elements inline) instead of the API's
 * default-src 'none'. Nothing is loaded from outside: the assets ship in node_modules.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

const DOCS_HEADERS = Object.freeze({ ...SECURITY_HEADERS, 'content-security-policy': DOCS_CSP });

const APP_ICON = path.join(REPO_ROOT, 'src', 'web', 'public', 'icon.svg');

/**
 * GET /api/openapi.json and the Swagger UI page at /api/docs (ADR 034): staff only. Their access
 * rule comes from openapiPlugin ('user' for the page and its assets, which @fastify/swagger-ui
 * registers without one); they are left out of the document they serve.
 */
export async function apiDocsRoutes(app: FastifyInstance) {
  app.get(OPENAPI_URL, { config: { access: 'user' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async (docs) => {
    docs.addHook('onRequest', (request, reply, done) => {
      reply.headers(DOCS_HEADERS);
      // The assets are 2.5 MB and never change within one installed version.
      reply.header('cache-control', request.url.includes('/static/') ? 'private, max-age=86400' : 'no-store');
      done();
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The validator badge would call validator.swagger.io; everything stays on this server.
      validatorUrl: false,
      uiConfig: { deepLinking: true, displayRequestDuration: true, tryItOutEnabled: false },
      theme: { title: 'AutoImport API' },
      // The product's own icon in the top bar, linking back to the back office.
      logo: { type: 'image/svg+xml', content: readFileSync(APP_ICON), href: '/admin', target: '_self' },
    });
  });
}
