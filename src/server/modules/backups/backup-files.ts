import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BACKUP_NAME_PATTERN, type BackupType } from '#shared/schemas/backups.ts';
import { DamagedBackupError, extractEntry, readContainer, writeContainer } from './container.ts';
import type { BackupDriver } from '#server/integrations/backup/driver.ts';
import { commitFile, fileSha256, writeChecksumFile } from './durable-files.ts';

export const MANIFEST_FORMAT = 1;

/** What a backup file says about itself (its manifest.json member). */
export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  type: z.enum(['manual', 'automated', 'migration', 'restore_point']),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.enum(['pglite', 'postgres']),
  databaseVersion: z.string(),
  entry: z.string(),
  tables: z.record(z.string(), z.number()),
  migrations: z.number(),
  /** sha256 of the dump member (ADR 050): a flipped bit inside it is found before restoring. */
  entrySha256: z.string().optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface WrittenBackup {
  filename: string;
  path: string;
  sha256: string;
  size: number;
  manifest: Manifest;
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** backup-<type>-<UTC stamp>[-n]-v<app>-<db>.tar, unique in `dir`. */
export function backupName(type: BackupType, at: Date, appVersion: string, dbVersion: string, dir: string): string {
  const kind = type.replace('_', '-');
  for (let n = 1; n < 1000; n++) {
    const name = `backup-${kind}-${stamp(at)}${n > 1 ? `-${n}` : ''}-v${appVersion}-${dbVersion}.tar`;
    if (!existsSync(path.join(dir, name))) return name;
  }
  throw new Error('too many backups in one second');
}

/**
 * One backup file: the driver's snapshot into a temporary member, the container written under a
 * temporary name, synced, renamed, then `<file>.sha256` beside it (ADR 030).
 */
export async function writeBackup(
  driver: BackupDriver,
  opts: { dir: string; type: BackupType; at: Date; appVersion: string },
): Promise<WrittenBackup> {
  await mkdir(opts.dir, { recursive: true });
  const filename = backupName(opts.type, opts.at, opts.appVersion, driver.databaseVersion, opts.dir);
  const final = path.join(opts.dir, filename);
  const tmp = `${final}.tmp`;
  const member = path.join(opts.dir, `.${filename}.${randomBytes(4).toString('hex')}.member.tmp`);
  try {
    const counts = await driver.dump(member);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      type: opts.type,
      createdAt: opts.at.toISOString(),
      appVersion: opts.appVersion,
      database: driver.kind,
      databaseVersion: driver.databaseVersion,
      entry: driver.entryName,
      tables: counts.tables,
      migrations: counts.migrations,
      entrySha256: await fileSha256(member),
    };
    const { size: memberSize } = await stat(member);
    const { sha256, size } = await writeContainer(
      tmp,
      manifest,
      { name: driver.entryName, path: member, size: memberSize },
      opts.at,
    );
    await commitFile(tmp, final);
    await writeChecksumFile(opts.dir, filename, sha256);
    return { filename, path: final, sha256, size, manifest };
  } finally {
    await rm(member, { force: true });
    await rm(tmp, { force: true });
  }
}

export class BackupRefused extends Error {}

/** The sha256 recorded for a file: its row's, else the `.sha256` beside it. */
export async function recordedSha256(dir: string, filename: string, fromRow?: string): Promise<string | null> {
  if (fromRow) return fromRow;
  try {
    const line = await readFile(path.join(dir, `${filename}.sha256`), 'utf8');
    return /^([0-9a-f]{64})\s/.exec(line)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Checks a backup file before anything changes: its checksum against the recorded one, its
 * structure, its manifest, and that it belongs to this kind of database. Throws BackupRefused.
 */
export async function verifyBackup(
  file: string,
  expectedSha256: string | null,
  kind: 'postgres',
): Promise<{ manifest: Manifest; dump: { offset: number; size: number; name: string } }> {
  if (!existsSync(file)) throw new BackupRefused('The backup file is missing from the backup directory');
  if (expectedSha256 !== null && (await fileSha256(file)) !== expectedSha256)
    throw new BackupRefused('The backup file is damaged: its checksum does not match. Nothing was changed.');
  let read;
  try {
    read = await readContainer(file);
  } catch (err) {
    if (err instanceof DamagedBackupError)
      throw new BackupRefused(`The backup file is damaged: ${err.message}. Nothing was changed.`);
    throw err;
  }
  const parsed = manifestSchema.safeParse(read.manifest);
  if (!parsed.success)
    throw new BackupRefused('The backup file is damaged: its manifest is unreadable. Nothing was changed.');
  const manifest = parsed.data;
  // Backups taken before ADR 048 hold a PGlite data directory, which this version no longer runs.
  if (manifest.database !== kind)
    throw new BackupRefused(
      'This backup is of the earlier embedded database (PGlite), which this version no longer runs: it cannot be restored here. Nothing was changed.',
    );
  if (read.dump.name !== manifest.entry)
    throw new BackupRefused('The backup file is damaged: the database dump is missing');
  return { manifest, dump: read.dump };
}

/** Copies the database dump out of a verified backup file, to hand it to the driver. */
export async function extractDump(file: string, dump: { offset: number; size: number; name: string }, to: string) {
  try {
    await extractEntry(file, dump, to);
  } catch (err) {
    if (err instanceof DamagedBackupError) throw new BackupRefused(`The backup file is damaged: ${err.message}`);
    throw err;
  }
}

/** Backup files in `dir` (names that match the pattern), and stale temporary files. */
export async function scanDir(dir: string): Promise<{ backups: string[]; temporary: string[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { backups: [], temporary: [] };
  }
  return {
    backups: names.filter((n) => BACKUP_NAME_PATTERN.test(n)),
    temporary: names.filter((n) => n.endsWith('.tmp')),
  };
}
