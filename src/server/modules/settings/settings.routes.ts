import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companySettingsSchema,
  companySettingsUpdateSchema,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  publicSettingsSchema,
} from '#shared/schemas/settings.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { FastifyRequest } from 'fastify';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const actor = (request: FastifyRequest) => {
    const user = signedInUser(request);
    return { id: user.id, username: user.username, ip: request.ip };
  };
  // A logo arrives as the image itself (Content-Type image/jpeg, png or webp), as proposal photos do.
  app.addContentTypeParser([...LOGO_TYPES], { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  // The company's public details and the proposal-page managers (ADR 009); nothing else.
  app.get(
    '/api/settings/public',
    { config: { access: 'public' }, schema: { response: { 200: publicSettingsSchema } } },
    async () => settings.getPublic(),
  );

  // Company details (docs/rulings.md ruling 9): admins only (ADR 004).
  app.get(
    '/api/settings',
    { config: { access: 'admin' }, schema: { response: { 200: companySettingsSchema } } },
    async () => settings.getCompany(),
  );

  // Every field is optional: one left out keeps its value.
  app.put(
    '/api/settings',
    {
      config: { access: 'admin' },
      schema: {
        headers: ifMatchHeadersSchema,
        body: companySettingsUpdateSchema,
        response: { 200: companySettingsSchema },
      },
    },
    async (request) => settings.updateCompany(request.body, expectedVersion(request, request.body), actor(request)),
  );

  app.post(
    '/api/settings/logo',
    { config: { access: 'admin' }, schema: { response: { 200: companySettingsSchema } } },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP image');
      return settings.replaceLogo(request.body, actor(request));
    },
  );

  app.delete(
    '/api/settings/logo',
    { config: { access: 'admin' }, schema: { response: { 200: companySettingsSchema } } },
    async (request) => settings.removeLogo(actor(request)),
  );
};
