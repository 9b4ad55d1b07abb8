import { z } from 'zod';

/** Backup types (ADR 030): the type is also the second word of the file name. */
export const BACKUP_TYPES = ['manual', 'automated', 'migration', 'restore_point'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

export const BACKUP_TYPE_LABELS: Record<BackupType, string> = {
  manual: 'Manual',
  automated: 'Automated',
  migration: 'Migration',
  restore_point: 'Restore point',
};

/** Automated backups run every hour and are removed after this many days (ADR 030). */
export const AUTOMATED_BACKUP_RETENTION_DAYS = 3;
/** Restore points kept (the newest ones); manual and migration backups are never removed. */
export const RESTORE_POINTS_KEPT = 3;

/**
 * backup-<type>-<yyyyMMddTHHmmssZ>[-n]-v<app version>-<pglite0.5.8|pg15.20>.tar, type with a
 * dash (restore-point). Anchored: a name from a caller is never joined into a path unless it matches.
 */
export const BACKUP_NAME_PATTERN =
  /^backup-(manual|automated|migration|restore-point)-(\d{8}T\d{6}Z)(?:-\d{1,3})?-v([0-9A-Za-z.+-]{1,20})-((?:pglite|pg)[0-9.]{1,12})\.tar$/;

export function backupTypeOfName(filename: string): BackupType | null {
  const m = BACKUP_NAME_PATTERN.exec(filename);
  return m ? (m[1]!.replace('-', '_') as BackupType) : null;
}

export const backupFilenameSchema = z
  .string('Choose a backup')
  .regex(BACKUP_NAME_PATTERN, 'Not a backup file name of this product');

export const backupSchema = z.object({
  filename: z.string(),
  type: z.enum(BACKUP_TYPES),
  size: z.number(),
  sha256: z.string(),
  appVersion: z.string(),
  databaseVersion: z.string(),
  created: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.array(backupSchema);

export const restoreBackupBodySchema = z.object({ filename: backupFilenameSchema });

export const backupStatusSchema = z.object({
  /** False when backups cannot be taken here (e.g. pg_dump older than the server); `problem` says why. */
  available: z.boolean(),
  problem: z.string().nullable(),
  database: z.enum(['pglite', 'postgres']),
  databaseVersion: z.string(),
  appVersion: z.string(),
  backupDir: z.string(),
  copyDir: z.string().nullable(),
  tool: z.string(),
  restoring: z.boolean(),
  schedule: z.object({
    everyHours: z.number(),
    retentionDays: z.number(),
    lastRun: z.string().nullable(),
    nextRun: z.string(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
  }),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const restoreResultSchema = z.object({
  message: z.string(),
  restorePoint: z.string(),
  tables: z.number(),
  rows: z.number(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
