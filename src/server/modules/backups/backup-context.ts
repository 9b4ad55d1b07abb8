import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { REPO_ROOT } from '#server/lib/paths.ts';
import type { BackupDriver } from '#server/integrations/backup/driver.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { Backup, BackupType } from '#shared/schemas/backups.ts';
import type { WrittenBackup } from './backup-files.ts';
import * as repo from './backups.repository.ts';

/** Who asked (for the audit log); none for the scheduled job and the command line. */
export interface Actor {
  userId?: number;
  username?: string;
  ipAddress?: string;
}

export const actorFields = (actor: Actor) => ({
  userId: actor.userId ?? null,
  username: actor.username ?? null,
  ipAddress: actor.ipAddress ?? null,
});

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/**
 * What the parts of the backups service share (backups.service.ts builds it once): the backup
 * directory, the driver (the port, built at first use), the rows, and how a failure is recorded.
 */
export interface BackupsContext {
  db: Db;
  clock: Clock;
  audit: AuditService;
  log?: FastifyBaseLogger;
  dir: string;
  copyDir: string | null;
  version: string;
  driver(): Promise<BackupDriver>;
  /** Records a failure: the status card shows it, the log and the audit log keep it. */
  fail(message: string, actor: Actor, details: string): Promise<void>;
}

export const toBackup = (row: repo.BackupRow): Backup => ({
  filename: row.filename,
  type: row.type as BackupType,
  size: row.sizeBytes,
  sha256: row.sha256,
  appVersion: row.appVersion,
  databaseVersion: row.databaseVersion,
  created: row.createdAt.toISOString(),
});

export const recordRow = (db: Db, w: WrittenBackup, at: Date) =>
  repo.insertBackupRow(db, {
    filename: w.filename,
    type: w.manifest.type,
    sizeBytes: w.size,
    sha256: w.sha256,
    appVersion: w.manifest.appVersion,
    databaseVersion: w.manifest.databaseVersion,
    manifest: { tables: w.manifest.tables, migrations: w.manifest.migrations },
    createdAt: at,
  });
