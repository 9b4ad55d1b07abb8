import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { clientErrorForDatabase } from '#server/lib/database-errors.ts';
import { humanIssueMessage } from '#server/lib/validation-messages.ts';

export interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/**
 * The one error handler. Validation failures answer 400 with a message per field (zod's default
 * English rewritten in plain words); AppErrors answer
 * their own status and message; values the database refuses answer 400 or 409 in plain words;
 * anything else is logged and answers a generic 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        fields[field] ??= humanIssueMessage(field, issue);
      }
      const body: ErrorBody = { message: Object.values(fields).join('; '), code: 'VALIDATION', fields };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      const body: ErrorBody = {
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      };
      return reply.status(error.status).send(body);
    }
    // A value the database refuses (too long, duplicate, missing reference...): the caller's fault,
    // answered 4xx in plain words; the constraint and the value stay in the log.
    const database = clientErrorForDatabase(error);
    if (database) {
      request.log.info({ sqlState: database.sqlState, err: error }, 'database refused a value');
      return reply
        .status(database.error.status)
        .send({ message: database.error.message, code: database.error.code } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit...) are safe to show.
      return reply
        .status(status)
        .send({ message: error.message, code: error.code ?? 'BAD_REQUEST' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody);
  });
});
