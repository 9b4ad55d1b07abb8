import { z } from 'zod';
import { settingLink } from '#shared/links.ts';
import type { Settings } from '#shared/settings.ts';

const managerSchema = z.object({ name: z.string(), phone: z.string() });
export type Manager = z.infer<typeof managerSchema>;

/**
 * GET /api/settings/public: what the public pages show: the company's public details and the
 * two proposal-page managers. Nothing else leaves the server without a session.
 */
export const publicSettingsSchema = z.object({
  company: z.object({ name: z.string(), logoUrl: z.string(), phone: z.string(), email: z.string() }),
  managers: z.object({ geral: managerSchema, comercial: managerSchema }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export function toPublicSettings(s: Settings): PublicSettings {
  return {
    company: {
      name: s['company.name'],
      logoUrl: settingLink(s['company.logoUrl'], { sitePath: true }),
      phone: s['company.phone'],
      email: s['company.email'],
    },
    managers: {
      geral: { name: s['manager.geral.name'], phone: s['manager.geral.phone'] },
      comercial: { name: s['manager.comercial.name'], phone: s['manager.comercial.phone'] },
    },
  };
}
