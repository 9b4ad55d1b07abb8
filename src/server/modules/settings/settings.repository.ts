import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { SETTINGS, type SettingKey, type Settings } from '#shared/settings.ts';

/**
 * The row whose `version` is the company details' version (ADR 022): the details are many rows
 * edited as one record. It has no value and is not a setting (readSettings never answers it).
 */
export const COMPANY_VERSION_KEY = 'company';
const companyVersionRow = {
  key: COMPANY_VERSION_KEY,
  value: null,
  description: 'Version of the company details (ADR 022): every save of them adds one',
};

/** Inserts the neutral placeholder of every setting that has no row yet (fresh install, new keys). */
export async function ensureSettingDefaults(db: DbOrTx): Promise<void> {
  const rows = Object.entries(SETTINGS).map(([key, def]) => ({
    key,
    value: def.default,
    description: def.description,
  }));
  await db
    .insert(systemSettings)
    .values([...rows, companyVersionRow])
    .onConflictDoNothing({ target: systemSettings.key });
}

/** The company details' version (1 before the first save). */
export async function readCompanyVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: systemSettings.version })
    .from(systemSettings)
    .where(eq(systemSettings.key, COMPANY_VERSION_KEY))
    .limit(1);
  return row?.version ?? 1;
}

/**
 * Adds one to the company details' version if it is still `expected` (or always, when null), in the
 * caller's transaction; the row lock it takes holds off a second save until this one commits.
 * Answers false when the version was another (a stale write: the caller writes nothing).
 */
export async function bumpCompanyVersion(tx: DbOrTx, expected: number | null): Promise<boolean> {
  await tx.insert(systemSettings).values(companyVersionRow).onConflictDoNothing({ target: systemSettings.key });
  const rows = await tx
    .update(systemSettings)
    .set({ version: sql`${systemSettings.version} + 1` })
    .where(
      and(
        eq(systemSettings.key, COMPANY_VERSION_KEY),
        expected === null ? undefined : eq(systemSettings.version, expected),
      ),
    )
    .returning({ version: systemSettings.version });
  return rows.length > 0;
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
