import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { SETTINGS, type SettingKey, type Settings } from '#shared/settings.ts';

/** Inserts the neutral placeholder of every setting that has no row yet (fresh install, new keys). */
export async function ensureSettingDefaults(db: DbOrTx): Promise<void> {
  const rows = Object.entries(SETTINGS).map(([key, def]) => ({
    key,
    value: def.default,
    description: def.description,
  }));
  await db.insert(systemSettings).values(rows).onConflictDoNothing({ target: systemSettings.key });
}

export async function readSettings(
  db: DbOrTx,
  keys: SettingKey[] = Object.keys(SETTINGS) as SettingKey[],
): Promise<Settings> {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, keys));
  const values = Object.fromEntries(Object.entries(SETTINGS).map(([k, d]) => [k, d.default])) as Settings;
  for (const row of rows) if (row.key in SETTINGS) values[row.key as SettingKey] = row.value ?? '';
  return values;
}
