import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '#shared/schemas/settings.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  // The company's public details and the proposal-page managers (ADR 009); nothing else.
  app.get(
    '/api/settings/public',
    { config: { access: 'public' }, schema: { response: { 200: publicSettingsSchema } } },
    async () => settings.getPublic(),
  );
};
