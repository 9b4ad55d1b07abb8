import { z } from 'zod';
import { settingLink } from '#shared/links.ts';
import { hasControlChars } from '#shared/text/control-chars.ts';
import type { Settings } from '#shared/settings.ts';
import { versionField, versionSchema } from './versioned.ts';

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

// Settings screen (admins): the company details (docs/rulings.md ruling 9) and the older proposal site.

/** The logo upload: the image itself as the body, checked and re-encoded like a proposal photo. */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

const PHONE = /^\+?[0-9][0-9 ()-]{5,24}$/;
const required = (label: string, max = 100) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlChars(v), `${label} must be one line, without line breaks`);
const phone = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .regex(PHONE, `${label} must be a phone number, e.g. +351 210 000 000`);

/** The fields the company card edits, with their setting keys; the logo has calls of its own. */
export const COMPANY_SETTING_FIELDS = {
  companyName: 'company.name',
  companyPhone: 'company.phone',
  companyEmail: 'company.email',
  managerGeralName: 'manager.geral.name',
  managerGeralPhone: 'manager.geral.phone',
  managerComercialName: 'manager.comercial.name',
  managerComercialPhone: 'manager.comercial.phone',
  legacySiteUrl: 'legacy.siteUrl',
  listingWatchEnabled: 'listingWatch.enabled',
} as const satisfies Record<string, keyof Settings>;
export type CompanySettingField = keyof typeof COMPANY_SETTING_FIELDS;

/** PUT /api/settings: a field left out keeps its value; a blank older-site address clears it. */
export const companySettingsUpdateSchema = z.object({
  companyName: required('Company name').optional(),
  companyPhone: phone('Phone').optional(),
  companyEmail: z
    .string('Valid email is required')
    .trim()
    .email('Valid email is required')
    .max(255, 'Valid email is required')
    .optional(),
  managerGeralName: required('Manager name').optional(),
  managerGeralPhone: phone('Manager phone').optional(),
  managerComercialName: required('Manager name').optional(),
  managerComercialPhone: phone('Manager phone').optional(),
  legacySiteUrl: z
    .string()
    .trim()
    .max(2000, 'The address is too long')
    .refine((v) => v === '' || settingLink(v) !== '', 'Enter a web address starting with http:// or https://')
    .transform((v) => (v === '' ? '' : settingLink(v)))
    .optional(),
  /** The listing watch on or off (ADR 068); stored as 'on' / 'off'. */
  listingWatchEnabled: z.boolean('Listing watch must be on or off').optional(),
  /** ADR 022: the version the form read; details saved by someone else since answer 409. */
  version: versionField,
});
export type CompanySettingsUpdateInput = z.input<typeof companySettingsUpdateSchema>;
export type CompanySettingsUpdate = z.output<typeof companySettingsUpdateSchema>;

/** GET /api/settings (admins): the stored values as written (ADR 016) and the logo's address. */
export const companySettingsSchema = z.object({
  companyName: z.string(),
  companyPhone: z.string(),
  companyEmail: z.string(),
  managerGeralName: z.string(),
  managerGeralPhone: z.string(),
  managerComercialName: z.string(),
  managerComercialPhone: z.string(),
  legacySiteUrl: z.string(),
  /** The daily re-read of quoted cars' listings (ADR 068). */
  listingWatchEnabled: z.boolean(),
  logoUrl: z.string(),
  /** ADR 022: moved by every save of the fields above (not by the logo's own calls). */
  version: versionSchema,
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** The stored values as the company card shows them (the version is read apart: settings.repository). */
export function toCompanySettings(s: Settings): Omit<CompanySettings, 'version'> {
  const fields = Object.fromEntries(
    Object.entries(COMPANY_SETTING_FIELDS).map(([field, key]) => [field, s[key]]),
  ) as Record<CompanySettingField, string>;
  return {
    ...fields,
    listingWatchEnabled: fields.listingWatchEnabled !== 'off',
    logoUrl: settingLink(s['company.logoUrl'], { sitePath: true }),
  };
}

/** A company field's value as stored: the listing watch's switch is 'on' / 'off' (ADR 068). */
export function storedSettingValue(value: string | boolean | undefined): string | undefined {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : value;
}

/** Labels the audit log uses for a changed setting. */
export const COMPANY_SETTING_LABELS: Record<CompanySettingField | 'logoUrl', string> = {
  companyName: 'company name',
  companyPhone: 'phone',
  companyEmail: 'e-mail',
  managerGeralName: 'geral manager name',
  managerGeralPhone: 'geral manager phone',
  managerComercialName: 'comercial manager name',
  managerComercialPhone: 'comercial manager phone',
  legacySiteUrl: 'older proposal site',
  listingWatchEnabled: 'listing watch',
  logoUrl: 'logo',
};
