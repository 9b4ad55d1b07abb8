import type { Access } from '#server/plugins/auth.ts';
import { DOCS_PREFIX, OPENAPI_URL } from '#server/plugins/openapi.ts';

export interface OpenApiOperation {
  'x-access'?: Access;
  tags?: string[];
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  parameters?: {
    in: string;
    name: string;
    required?: boolean;
    description?: string;
    schema?: Record<string, unknown>;
  }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** /api routes that are not in the document, each with the reason. */
export const UNDOCUMENTED_ROUTES: Record<string, string> = {
  'GET /api/ws': 'a WebSocket, not a JSON call: described in the introduction of the document',
  [`GET ${OPENAPI_URL}`]: 'the document itself',
  'OPTIONS /api/extension/*': "the browser extension's CORS preflight: headers only (ADR 032)",
};
const isDocsPage = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/** '/api/leads/:id' -> '/api/leads/{id}', as OpenAPI writes paths. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * A success answer declared with a schema, or a body-less one (204, a redirect) declared with its
 * description. @fastify/swagger's placeholder for a route that declares nothing is "Default Response".
 */
const hasResponseSchema = (op: OpenApiOperation) =>
  Object.entries(op.responses ?? {}).some(
    ([status, response]) =>
      (/^[12]/.test(status) && Object.keys(response.content ?? {}).length > 0) ||
      (/^(204|3\d\d)$/.test(status) && !!response.description && response.description !== 'Default Response'),
  );

/** A schema that says nothing (`{}` or missing): what @fastify/swagger writes for an undeclared shape. */
const isEmptySchema = (schema: unknown) =>
  schema === undefined ||
  (typeof schema === 'object' &&
    schema !== null &&
    Object.keys(schema).filter((k) => k !== 'description').length === 0);

const howToFix = (key: string, url: string) =>
  `${key}: no response schema. Give the route a zod schema per status it answers, e.g. ` +
  `\`schema: { response: { 200: thingSchema } }\` with the contract in src/shared/schemas/<domain>.ts ` +
  `(a download: \`{ 200: { description, content: { 'text/csv': { schema: z.string() } } } }\`). ` +
  `Find the route with: grep -rn "'${url}'" src/server`;

/**
 * Every problem that keeps an /api route out of the OpenAPI document or leaves it without a
 * response schema or access level, one line per route, saying how to fix it.
 */
export function documentProblems(
  document: OpenApiDocument,
  apiRoutes: { method: string; url: string; access: Access }[],
): string[] {
  const problems: string[] = [];
  for (const { method, url, access } of apiRoutes) {
    const key = `${method} ${url}`;
    if (UNDOCUMENTED_ROUTES[key] || isDocsPage(url)) continue;
    const op = document.paths[openApiPath(url)]?.[method.toLowerCase()];
    if (!op) {
      problems.push(
        `${key}: missing from the OpenAPI document. Remove \`hide: true\` from its schema, or add it to ` +
          `UNDOCUMENTED_ROUTES in src/server/modules/api-docs/api-docs.test-helpers.ts with the reason.`,
      );
      continue;
    }
    if (!hasResponseSchema(op)) problems.push(howToFix(key, url));
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
      if (isEmptySchema(media.schema))
        problems.push(
          `${key}: its ${type} request body is documented as {}. Give the route \`schema: { body: thingSchema }\` ` +
            `(a zod contract in src/shared/schemas), or describe a raw body with \`{ description, content }\`.`,
        );
    for (const [status, response] of Object.entries(op.responses ?? {}))
      for (const [type, media] of Object.entries(response.content ?? {}))
        if (isEmptySchema(media.schema))
          problems.push(`${key}: its ${status} ${type} answer is documented as {}. Declare its schema.`);
    if (op['x-access'] !== access) problems.push(`${key}: x-access is ${op['x-access']}, the route says ${access}.`);
  }
  return problems;
}
