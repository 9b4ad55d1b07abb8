import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  COMPANY_SETTING_FIELDS,
  COMPANY_SETTING_LABELS,
  toCompanySettings,
  toPublicSettings,
  storedSettingValue,
  type CompanySettingField,
  type CompanySettings,
  type CompanySettingsUpdate,
  type PublicSettings,
} from '#shared/schemas/settings.ts';
import { settingLink } from '#shared/links.ts';
import { SETTINGS, type SettingKey, type Settings } from '#shared/settings.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import {
  deleteMediaByKey,
  insertStoredMedia,
  mediaKeyFromUrl,
  normalisePhoto,
} from '#server/modules/media/media.api.ts';
import { staleVersion } from '#server/lib/versioned.ts';
import { bumpCompanyVersion, readCompanyVersion, readSettings, writeSettings } from './settings.repository.ts';

/**
 * The record's name in the 409 of a stale save of the company details (ADR 022): the spec's own
 * words, 'This record was changed by someone else. Reload to see the latest.'.
 */
export const COMPANY_RECORD = 'record';

const PUBLIC_KEYS = Object.keys(SETTINGS).filter(
  (k) => k.startsWith('company.') || k.startsWith('manager.'),
) as SettingKey[];

/** Who changed the settings, for the audit log. */
export interface SettingsActor {
  username: string;
  id: number;
  ip: string;
}

export function createSettingsService(deps: {
  db: Db;
  clock: Clock;
  hub: EventHub;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, clock, hub, audit } = deps;

  /**
   * Writes the changed values and audits them as settings_changed, in one transaction. `version`:
   * a save of the company form moves the company details' version, refused (409, nothing written)
   * when it is no longer `version.expected`.
   */
  async function save(
    actor: SettingsActor,
    values: Partial<Settings>,
    labels: string[],
    extra?: () => Promise<void>,
    version?: { expected: number | null },
  ) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (version && !(await bumpCompanyVersion(tx, version.expected))) throw staleVersion(COMPANY_RECORD);
      await writeSettings(tx, values, now);
      await audit.record(
        {
          event: 'settings_changed',
          userId: actor.id,
          username: actor.username.toLowerCase(),
          ipAddress: actor.ip,
          details: `changed ${labels.join(', ')}`,
          timestamp: now,
        },
        tx,
      );
    });
    await extra?.();
    // Open Settings screens refetch; the public pages read the settings on every load.
    hub.publish({ type: 'settings_changed', data: {}, audience: { kind: 'staff' } });
  }

  /** Removes the stored logo behind an old value, if it was ours. */
  async function dropLogo(oldUrl: string) {
    const key = mediaKeyFromUrl(oldUrl);
    if (key) await deleteMediaByKey(db, key, 'logo');
  }

  const service = {
    /** The company's public details and the two managers: all a visitor may read (ADR 009). */
    async getPublic(): Promise<PublicSettings> {
      return toPublicSettings(await readSettings(db, PUBLIC_KEYS));
    },
    /** Everything the Settings screen's company card edits (admins). */
    async getCompany(): Promise<CompanySettings> {
      const [values, version] = await Promise.all([readSettings(db), readCompanyVersion(db)]);
      return { ...toCompanySettings(values), version };
    },
    /**
     * Saves the company details that differ from the stored ones (a field left out keeps its
     * value); audited as settings_changed naming what changed. Nothing changed: nothing written.
     * With `expected` (the version the form read) details saved by someone else since answer 409
     * and nothing is written (ADR 022). The logo has its own calls and leaves the version alone.
     */
    async updateCompany(
      input: CompanySettingsUpdate,
      expected: number | null,
      actor: SettingsActor,
    ): Promise<CompanySettings> {
      const current = await readSettings(db);
      const values: Partial<Settings> = {};
      const labels: string[] = [];
      for (const [field, key] of Object.entries(COMPANY_SETTING_FIELDS) as [CompanySettingField, SettingKey][]) {
        const value = storedSettingValue(input[field]);
        if (value === undefined || value === current[key]) continue;
        values[key] = value;
        labels.push(COMPANY_SETTING_LABELS[field]);
      }
      if (labels.length) await save(actor, values, labels, undefined, { expected });
      else if (expected !== null && expected !== (await readCompanyVersion(db))) throw staleVersion(COMPANY_RECORD);
      return service.getCompany();
    },
    /** A new logo: checked and re-encoded like a photo, stored as media, shown at once; the old one goes. */
    async replaceLogo(image: Buffer, actor: SettingsActor): Promise<CompanySettings> {
      const photo = await normalisePhoto(image, null);
      const old = (await readSettings(db, ['company.logoUrl']))['company.logoUrl'];
      const now = clock.now();
      await db.transaction(async (tx) => {
        const stored = await insertStoredMedia(tx, photo, null, 'logo');
        await writeSettings(tx, { 'company.logoUrl': stored.url }, now);
        await audit.record(
          {
            event: 'settings_changed',
            userId: actor.id,
            username: actor.username.toLowerCase(),
            ipAddress: actor.ip,
            details: 'changed logo',
            timestamp: now,
          },
          tx,
        );
      });
      await dropLogo(old);
      hub.publish({ type: 'settings_changed', data: {}, audience: { kind: 'staff' } });
      return service.getCompany();
    },
    /** Back to the text logo. */
    async removeLogo(actor: SettingsActor): Promise<CompanySettings> {
      const old = (await readSettings(db, ['company.logoUrl']))['company.logoUrl'];
      if (old) await save(actor, { 'company.logoUrl': '' }, ['logo (removed)'], () => dropLogo(old));
      return service.getCompany();
    },
    /** The two company mailbox addresses, which tell sent mail from received on the timeline; blanks left out. */
    async mailboxAddresses(): Promise<string[]> {
      const values = await readSettings(db, ['mailbox.geral.address', 'mailbox.comercial.address']);
      return [values['mailbox.geral.address'], values['mailbox.comercial.address']]
        .map((a) => a.trim())
        .filter(Boolean);
    },
    /** Whether the listing watch runs (ADR 068): on unless an admin turned it off. */
    async listingWatchEnabled(): Promise<boolean> {
      return (await readSettings(db, ['listingWatch.enabled']))['listingWatch.enabled'] !== 'off';
    },
    /** The older site for /legacy/proposals (ADR 009), without a trailing slash; null when not set or not a web address. */
    async legacySiteUrl(): Promise<string | null> {
      const value = settingLink((await readSettings(db, ['legacy.siteUrl']))['legacy.siteUrl']);
      return value ? value.replace(/\/+$/, '') : null;
    },
  };
  return service;
}

export type SettingsService = ReturnType<typeof createSettingsService>;
