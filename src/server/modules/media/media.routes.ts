import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaService } from './media.service.ts';

/** Photos stored by the product (proposal photos, uploads), served from its own URLs. Public: customers see them. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.get(
    '/media/:key',
    { schema: { params: z.object({ key: z.string().regex(/^[a-f0-9]{16,64}$/i, 'Unknown media key') }) } },
    async (request, reply) => {
      const { data, contentType, sha256 } = await media.get(request.params.key);
      const etag = `"${sha256}"`;
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return (
        reply
          .header('content-type', contentType)
          .header('etag', etag)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Stored SVGs are images, never documents that could run script.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(Buffer.from(data))
      );
    },
  );
};
