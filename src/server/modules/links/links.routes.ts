import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUrlSchema } from '#shared/schemas/public-links.ts';

/**
 * The address customer links start with (docs/rulings.md ruling 23, ADR 053): PUBLIC_URL as the
 * server knows it, so copied links, e-mails and WhatsApp texts never carry the staff member's own
 * browser address.
 */
export const linksRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/api/public-url',
    { config: { access: 'user' }, schema: { response: { 200: publicUrlSchema } } },
    async () => ({ publicUrl: publicUrl.replace(/\/+$/, '') }),
  );
};
