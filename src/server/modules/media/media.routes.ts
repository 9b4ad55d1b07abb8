import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { storedMedia } from '#server/db/schema/proposals.ts';

/** Photos stored by the product (proposal photos, uploads), served from its own URLs. Public: customers see them. */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/media/:key',
    { schema: { params: z.object({ key: z.string().regex(/^[a-f0-9]{16,64}$/i, 'Unknown media key') }) } },
    async (request, reply) => {
      const [row] = await db
        .select({ data: storedMedia.data, contentType: storedMedia.contentType, sha256: storedMedia.sha256 })
        .from(storedMedia)
        .where(eq(storedMedia.key, request.params.key))
        .limit(1);
      if (!row) return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      if (request.headers['if-none-match'] === `"${row.sha256}"`) return reply.status(304).send();
      return (
        reply
          .header('content-type', row.contentType)
          .header('etag', `"${row.sha256}"`)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Stored SVGs are images, never documents that could run script.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(Buffer.from(row.data))
      );
    },
  );
};
