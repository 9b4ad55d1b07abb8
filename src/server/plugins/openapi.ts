import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#shared/schemas/common.ts';
import type { Access } from './auth.ts';

/** Where the API describes itself (ADR 034): the document and the page that reads it. */
export const OPENAPI_URL = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Access: **public**: anyone, no session needed.',
  user: 'Access: **user**: any signed-in staff member (anonymous callers get 401).',
  admin: 'Access: **admin**: signed-in administrators only (anonymous 401, role user 403).',
};

const API_DESCRIPTION = `The API the back office, the public site and the browser extension use.

**Signing in.** \`POST /api/auth/login\` sets the \`sid\` session cookie; every call that is not
public sends it back. Each operation says who may call it (\`x-access\`: public, user or admin).

**Writes from browsers.** A state-changing call (POST, PUT, PATCH, DELETE) that a browser sends from
another site (its \`Origin\` is not this server's, or \`Sec-Fetch-Site\` is cross-site) is refused
with 403. Scripts and servers that send neither header are not affected.

**Errors.** Every error answers \`{ message, code, fields? }\`: \`message\` is written for a person,
\`code\` for a program (VALIDATION 400, UNAUTHENTICATED 401, FORBIDDEN 403, NOT_FOUND 404,
CONFLICT 409, RATE_LIMITED 429, ...), and \`fields\` names the input fields at fault, one message
each. A 500 never says more than "Internal server error".

**Live events.** \`GET /api/ws\` (signed-in staff) opens a WebSocket on which the server sends
\`{ type, data }\` messages naming what changed (a lead, a timeline, notifications...), so a
client reloads what it shows; anything a client sends is ignored.

**Text.** Every string field refuses the NUL character (400); lone UTF-16 surrogates are stored
as U+FFFD.`;

const errorJsonSchema = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
const errorResponse = (description: string) => ({ ...errorJsonSchema, description });

/** The operation's group: the first path segment after /api (a lead's timeline and proposals join their own groups). */
export function tagFor(url: string): string {
  const segments = url.split('/').filter((s) => s && !s.startsWith(':'));
  const [, first = 'api', second] = segments;
  const ALIASES: Record<string, string> = {
    login: 'auth',
    'contact-form': 'leads',
    'quick-contact': 'timeline',
    'scrape-vehicle-data': 'proposals',
    ws: 'realtime',
  };
  if (first === 'leads' && second && ['timeline', 'proposals', 'quick-contact'].includes(second))
    return ALIASES[second] ?? second;
  return ALIASES[first] ?? first;
}

/** Whether a route's headers schema (zod, as the route declares it) names If-Match. */
function declaresIfMatch(headers: unknown): boolean {
  return headers instanceof z.ZodObject && 'if-match' in headers.shape;
}

/** The error answers a route can give, from what it declares: input, access, versions and rate limit. */
function errorResponses(route: RouteOptions, access: Access): Record<string, unknown> {
  const schema = route.schema ?? {};
  const method = [route.method].flat()[0] ?? 'GET';
  const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  const responses: Record<string, unknown> = {};
  if (schema.body || schema.querystring || schema.params || schema.headers)
    responses[400] = errorResponse('The input is not valid: `fields` has one message per field at fault.');
  if (access !== 'public') responses[401] = errorResponse('Not signed in, or the session has ended.');
  if (access === 'admin' || writes)
    responses[403] = errorResponse(
      [
        access === 'admin' ? 'Role user calling an admin-only operation.' : '',
        writes ? 'A cross-site browser write.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  if (schema.params) responses[404] = errorResponse('No such record.');
  // A versioned write declares If-Match (ifMatchHeadersSchema, ADR 022): its stale-write answer.
  if (declaresIfMatch(schema.headers))
    responses[409] = errorResponse(
      'STALE_VERSION: the record was changed by someone else since the version sent (If-Match or `version`); nothing was written.',
    );
  // Bodies arrive uncompressed (plugins/request-encoding.ts).
  if (writes) responses[415] = errorResponse('The body was sent with a Content-Encoding: send it uncompressed.');
  if (route.config?.rateLimit) responses[429] = errorResponse('Too many calls: the message says how long to wait.');
  responses[500] = errorResponse('Unexpected failure; the server log has the details (never the answer).');
  return responses;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Each route's zod schemas as JSON Schema (fastify-type-provider-zod), plus what the route itself
 * declares: its access rule (`x-access`, the description and the security requirement), its group
 * and the error answers it can give, all with the one error shape.
 */
export function describeRoute(input: TransformInput) {
  // Only the API: the public pages, robots.txt and stored photos are not calls an integrator makes.
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const transformed = jsonSchemaTransform(input) as { schema?: Record<string, unknown>; url: string };
  const { url } = transformed;
  const schema = transformed.schema ?? {};
  if (schema.hide) return { schema, url };
  const route = input.route as RouteOptions;
  const access = route.config?.access ?? 'public';
  const description = [ACCESS_TEXT[access], schema.description].filter(Boolean).join('\n\n');
  return {
    url,
    schema: {
      ...schema,
      tags: schema.tags ?? [tagFor(url)],
      description,
      'x-access': access,
      ...(access === 'public' ? { security: [] } : {}),
      response: { ...errorResponses(route, access), ...(schema.response as object | undefined) },
    },
  };
}

/**
 * The OpenAPI 3.1 document, built from the routes' zod schemas. Registered before every route (it
 * collects them as they are added) and before the access guard: the docs page's own routes
 * (@fastify/swagger-ui, registered with the modules) declare no access of their own, so they get
 * 'user' here, and the guard then protects them as it protects every /api route.
 */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if ((url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`)) && !route.config?.access)
      route.config = { ...route.config, access: 'user' };
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'AutoImport API', version: opts.version, description: API_DESCRIPTION },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ session: [] }],
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });
});
