import type { DbOrTx } from '#server/db/client.ts';
import { toPublicSettings, type PublicSettings } from '#shared/schemas/settings.ts';
import { settingLink } from '#shared/links.ts';
import { SETTINGS, type SettingKey } from '#shared/settings.ts';
import { readSettings } from './settings.repository.ts';

const PUBLIC_KEYS = Object.keys(SETTINGS).filter(
  (k) => k.startsWith('company.') || k.startsWith('manager.'),
) as SettingKey[];

export function createSettingsService(deps: { db: DbOrTx }) {
  return {
    /** The company's public details and the two managers: all a visitor may read (ADR 009). */
    async getPublic(): Promise<PublicSettings> {
      return toPublicSettings(await readSettings(deps.db, PUBLIC_KEYS));
    },
    /** The two company mailbox addresses, which tell sent mail from received on the timeline; blanks left out. */
    async mailboxAddresses(): Promise<string[]> {
      const values = await readSettings(deps.db, ['mailbox.geral.address', 'mailbox.comercial.address']);
      return [values['mailbox.geral.address'], values['mailbox.comercial.address']]
        .map((a) => a.trim())
        .filter(Boolean);
    },
    /** The older site for /legacy/proposals (ADR 009), without a trailing slash; null when not set or not a web address. */
    async legacySiteUrl(): Promise<string | null> {
      const value = settingLink((await readSettings(deps.db, ['legacy.siteUrl']))['legacy.siteUrl']);
      return value ? value.replace(/\/+$/, '') : null;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
