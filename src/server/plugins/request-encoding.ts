import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/lib/app-error.ts';

export const COMPRESSED_BODY_REFUSED = 'Send the request body uncompressed (no Content-Encoding).';

/**
 * Request bodies arrive uncompressed (issue 31): no client of ours compresses them, and decoding
 * one would be a stream an attacker shapes (a bomb, a broken archive). A Content-Encoding other
 * than identity answers 415 before the body is read, instead of a parser's confusing message.
 */
export const requestEncoding = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const encoding = request.headers['content-encoding'];
      if (encoding === undefined) return;
      if (String(encoding).trim().toLowerCase() === 'identity' || String(encoding).trim() === '') return;
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', COMPRESSED_BODY_REFUSED);
    });
  },
  { name: 'request-encoding' },
);
