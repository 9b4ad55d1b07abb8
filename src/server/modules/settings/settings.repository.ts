import { inArray, sql } from 'drizzle-orm';
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

/** Stores these values (insert or update), in the caller's transaction when given one. */
export async function writeSettings(db: DbOrTx, values: Partial<Settings>, at: Date): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({
    key,
    value,
    description: SETTINGS[key as SettingKey].description,
    updatedAt: at,
  }));
  if (!rows.length) return;
  await db
    .insert(systemSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    });
}
