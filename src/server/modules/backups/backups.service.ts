import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { REPO_ROOT } from '#server/lib/paths.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  createBackupDriver,
  messageOf,
  RestoreFailure,
  type BackupDriver,
} from '#server/integrations/backup/driver.ts';
import {
  commitFile,
  copyDurably,
  describeFsError,
  fileSha256,
  writeChecksumFile,
} from '#server/integrations/backup/files.ts';
import { compareCounts, countTablesOf } from '#server/integrations/backup/manifest.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import {
  AUTOMATED_BACKUP_RETENTION_DAYS,
  BACKUP_NAME_PATTERN,
  RESTORE_POINTS_KEPT,
  type Backup,
  type BackupStatus,
  type BackupType,
  type RestoreResult,
} from '#shared/schemas/backups.ts';
import {
  BackupRefused,
  backupName,
  extractDump,
  recordedSha256,
  scanDir,
  verifyBackup,
  writeBackup,
  type Manifest,
  type WrittenBackup,
} from './backup-files.ts';
import * as repo from './backups.repository.ts';
import { createMaintenance } from './maintenance.ts';

export const BACKUP_JOB_NAME = 'backup-hourly';
const DAY = 24 * 3600 * 1000;

/** Who asked (for the audit log); none for the scheduled job and the command line. */
export interface Actor {
  userId?: number;
  username?: string;
  ipAddress?: string;
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

export interface BackupsDeps {
  database: Database;
  hub: EventHub;
  clock: Clock;
  audit: AuditService;
  log?: FastifyBaseLogger;
  /** Where backups are written (BACKUP_DIR, default DATA_DIR/backups). */
  backupDir: string;
  /** An optional second copy (BACKUP_COPY_DIR). */
  copyDir?: string | null;
  /** Given by tests; otherwise built from the database at first use. */
  driver?: BackupDriver;
}

/**
 * Database backups and restore (document 2 sections 2, 7 and 9; ADR 030): one consistent snapshot
 * per backup, written safely with its checksum; restore checks the file, takes a restore point,
 * swaps the data with every instance in maintenance, runs migrations and the integrity check, and
 * goes back to the restore point on any failure.
 */
export function createBackupsService(deps: BackupsDeps) {
  const { database, hub, clock, audit } = deps;
  const db = database.db;
  const dir = path.resolve(deps.backupDir);
  const copyDir = deps.copyDir ? path.resolve(deps.copyDir) : null;
  const version = appVersion();
  const maintenance = createMaintenance(hub);
  let driverPromise: Promise<BackupDriver> | null = deps.driver ? Promise.resolve(deps.driver) : null;
  const driver = () => (driverPromise ??= createBackupDriver(database));
  let lastFailure: { message: string; at: Date } | null = null;
  // One backup or restore at a time in this process.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };

  const toBackup = (row: repo.BackupRow): Backup => ({
    filename: row.filename,
    type: row.type as BackupType,
    size: row.sizeBytes,
    sha256: row.sha256,
    appVersion: row.appVersion,
    databaseVersion: row.databaseVersion,
    created: row.createdAt.toISOString(),
  });

  const recordRow = (w: WrittenBackup, at: Date) =>
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

  const fail = async (message: string, actor: Actor, details: string) => {
    lastFailure = { message, at: clock.now() };
    deps.log?.error({ details }, message);
    await audit
      .record({ event: 'backup_failed', ...actorFields(actor), details: `${details}: ${message}` })
      .catch(() => {});
  };

  /** Rows for backup files that have none (a restore, the migration backup, a copied-in file). */
  async function adoptFiles(): Promise<void> {
    const { backups } = await scanDir(dir);
    const known = new Set((await repo.listBackupRows(db)).map((r) => r.filename));
    for (const filename of backups.filter((n) => !known.has(n))) {
      const file = path.join(dir, filename);
      try {
        const kind = (await driver()).kind;
        const sha256 = (await recordedSha256(dir, filename)) ?? (await fileSha256(file));
        const { manifest } = await verifyBackup(file, null, kind);
        const { size } = await stat(file);
        await recordRow({ filename, path: file, sha256, size, manifest }, new Date(manifest.createdAt));
      } catch (err) {
        deps.log?.warn({ err, filename }, 'a file in the backup directory is not a readable backup');
      }
    }
  }

  async function createLocked(type: BackupType, actor: Actor): Promise<WrittenBackup> {
    const d = await driver();
    if (d.problem) {
      await fail(d.problem, actor, `${type} backup`);
      throw new AppError('UNAVAILABLE', d.problem);
    }
    const at = clock.now();
    let written: WrittenBackup;
    try {
      written = await writeBackup(d, { dir, type, at, appVersion: version });
    } catch (err) {
      const message = describeFsError(err, dir);
      await fail(message, actor, `${type} backup`);
      throw new AppError('UNAVAILABLE', message);
    }
    await recordRow(written, at);
    if (copyDir) {
      try {
        await copyDurably(written.path, copyDir, written.sha256);
      } catch (err) {
        await fail(describeFsError(err, copyDir), actor, `copy of ${written.filename}`);
      }
    }
    await audit.record({
      event: 'backup_created',
      ...actorFields(actor),
      details: `${written.filename} (${type}, ${written.size} bytes)`,
    });
    return written;
  }

  /** Migrations, then the integrity check: the row counts of the manifest, and an admin. */
  const integrityCheck = (manifest: Manifest) => async (restored: Database) => {
    await runMigrations(restored);
    const counts = await countTablesOf(restored.db);
    const problems = compareCounts(manifest.tables, counts.tables);
    if (problems.length)
      throw new Error(`the restored data does not match the backup (${problems.slice(0, 3).join('; ')})`);
    if (!(await repo.adminExists(restored.db))) throw new Error('the backup has no administrator account');
  };

  async function restoreLocked(filename: string, actor: Actor): Promise<RestoreResult> {
    if (!BACKUP_NAME_PATTERN.test(filename)) throw new AppError('VALIDATION', 'Not a backup file name of this product');
    const d = await driver();
    if (d.problem) throw new AppError('UNAVAILABLE', d.problem);
    const file = path.join(dir, filename);
    const row = await repo.findBackupRow(db, filename);
    let checked;
    try {
      const expected = await recordedSha256(dir, filename, row?.sha256);
      if (expected === null)
        throw new BackupRefused('The backup has no recorded checksum (its .sha256 file is missing)');
      checked = await verifyBackup(file, expected, d.kind);
    } catch (err) {
      if (!(err instanceof BackupRefused)) throw err;
      await fail(err.message, actor, `restore of ${filename}`);
      throw new AppError('UNPROCESSABLE', err.message);
    }
    const member = path.join(dir, `.restore-${randomBytes(4).toString('hex')}.member.tmp`);
    const pointMember = `${member}.point`;
    const sessionsNow = await repo.allSessions(db);
    await maintenance.enter();
    let point: WrittenBackup;
    try {
      await extractDump(file, checked.dump, member);
      point = await createLocked('restore_point', actor);
      try {
        await d.restore(member, integrityCheck(checked.manifest));
      } catch (err) {
        if (!(err instanceof RestoreFailure) || !err.applied) throw err;
        // The live data changed (PostgreSQL): put the restore point back the same way.
        const back = await verifyBackup(point.path, point.sha256, d.kind);
        await extractDump(point.path, back.dump, pointMember);
        await d.restore(pointMember, integrityCheck(back.manifest));
        throw new Error(`${err.message}; the database was put back as it was`, { cause: err });
      }
    } catch (err) {
      const message = err instanceof AppError ? err.message : `The backup could not be restored: ${messageOf(err)}`;
      if (!(err instanceof AppError)) await fail(message, actor, `restore of ${filename}`);
      throw new AppError('UNPROCESSABLE', message.endsWith('.') ? message : `${message}.`);
    } finally {
      await rm(member, { force: true });
      await rm(pointMember, { force: true });
      await maintenance.leave();
    }
    await repo.replaceSessions(db, sessionsNow);
    await adoptFiles();
    await audit.record({
      event: 'backup_restored',
      ...actorFields(actor),
      details: `${filename} (restore point ${point.filename})`,
    });
    const rows = Object.values(checked.manifest.tables).reduce((a, b) => a + b, 0);
    return {
      message: 'Database has been restored successfully',
      restorePoint: point.filename,
      tables: Object.keys(checked.manifest.tables).length,
      rows,
    };
  }

  async function prune(): Promise<{ removed: string[] }> {
    const now = clock.now();
    const old = await repo.automatedOlderThan(db, new Date(now.getTime() - AUTOMATED_BACKUP_RETENTION_DAYS * DAY));
    const points = (await repo.rowsOfType(db, 'restore_point')).slice(RESTORE_POINTS_KEPT);
    const removed = [...old, ...points].map((r) => r.filename);
    for (const name of removed)
      for (const where of copyDir ? [dir, copyDir] : [dir]) {
        await rm(path.join(where, name), { force: true });
        await rm(path.join(where, `${name}.sha256`), { force: true });
      }
    await repo.deleteBackupRows(db, removed);
    return { removed };
  }

  return {
    maintenance,
    /** Deletes temporary files left by an interrupted backup, and adopts files that have no row. */
    async init(): Promise<void> {
      const { temporary } = await scanDir(dir);
      for (const name of temporary) await rm(path.join(dir, name), { force: true });
      await adoptFiles();
    },
    async list(): Promise<Backup[]> {
      await adoptFiles();
      const rows = await repo.listBackupRows(db);
      return rows.filter((r) => existsSync(path.join(dir, r.filename))).map(toBackup);
    },
    async status(): Promise<BackupStatus> {
      const d = await driver();
      const now = clock.now();
      const run = await repo.latestJobRun(db, BACKUP_JOB_NAME);
      const [latest] = await repo.listBackupRows(db).limit(1);
      const jobError = run?.error ? { message: run.error, at: run.finishedAt ?? run.startedAt } : null;
      const candidates = [jobError, lastFailure, d.problem ? { message: d.problem, at: now } : null].filter(
        (e): e is { message: string; at: Date } => !!e && (!latest || e.at >= latest.createdAt),
      );
      const error = candidates.sort((a, b) => b.at.getTime() - a.at.getTime())[0] ?? null;
      const hour = 3600 * 1000;
      return {
        available: !d.problem,
        problem: d.problem,
        database: d.kind,
        databaseVersion: d.databaseVersion,
        appVersion: version,
        backupDir: dir,
        copyDir,
        tool: d.tool,
        restoring: maintenance.active(),
        schedule: {
          everyHours: 1,
          retentionDays: AUTOMATED_BACKUP_RETENTION_DAYS,
          lastRun: (run?.finishedAt ?? run?.startedAt)?.toISOString() ?? null,
          nextRun: new Date((Math.floor(now.getTime() / hour) + 1) * hour).toISOString(),
          lastError: error?.message ?? null,
          lastErrorAt: error?.at.toISOString() ?? null,
        },
      };
    },
    create: (type: BackupType, actor: Actor = {}) =>
      exclusive(async () => {
        const w = await createLocked(type, actor);
        const row = await repo.findBackupRow(db, w.filename);
        return toBackup(row!);
      }),
    restore: (filename: string, actor: Actor = {}) => exclusive(() => restoreLocked(filename, actor)),
    /** The hourly job: an automated backup, then the retention rule. */
    runScheduled: () =>
      exclusive(async () => {
        const w = await createLocked('automated', {});
        const { removed } = await prune();
        return { filename: w.filename, size: w.size, removed: removed.length };
      }),
    prune: () => exclusive(prune),
    /** The file to send for a download (the name is checked; never a path from the caller). */
    async fileFor(filename: string): Promise<{ path: string; size: number }> {
      if (!BACKUP_NAME_PATTERN.test(filename))
        throw new AppError('VALIDATION', 'Not a backup file name of this product');
      const file = path.join(dir, filename);
      if (!existsSync(file)) throw new AppError('NOT_FOUND', 'No such backup');
      return { path: file, size: (await stat(file)).size };
    },
    /**
     * An uploaded file, already saved at `tmp` in the backup directory: checked (structure,
     * manifest, kind of database), named like ours, recorded with its checksum.
     */
    adoptUpload: (tmp: string, originalName: string, actor: Actor) =>
      exclusive(async (): Promise<Backup> => {
        try {
          const d = await driver();
          let verified;
          try {
            verified = await verifyBackup(tmp, null, d.kind);
          } catch (err) {
            if (err instanceof BackupRefused) throw new AppError('UNPROCESSABLE', err.message);
            throw err;
          }
          const { manifest } = verified;
          const keepName = BACKUP_NAME_PATTERN.test(originalName) && !existsSync(path.join(dir, originalName));
          const filename = keepName
            ? originalName
            : backupName(manifest.type, clock.now(), manifest.appVersion, manifest.databaseVersion, dir);
          const sha256 = await fileSha256(tmp);
          const { size } = await stat(tmp);
          await commitFile(tmp, path.join(dir, filename));
          await writeChecksumFile(dir, filename, sha256);
          await recordRow(
            { filename, path: path.join(dir, filename), sha256, size, manifest },
            new Date(manifest.createdAt),
          );
          await audit.record({
            event: 'backup_created',
            ...actorFields(actor),
            details: `${filename} (uploaded as ${originalName.slice(0, 100)}, ${size} bytes)`,
          });
          return toBackup((await repo.findBackupRow(db, filename))!);
        } finally {
          await rm(tmp, { force: true });
        }
      }),
    backupDir: dir,
  };
}

const actorFields = (actor: Actor) => ({
  userId: actor.userId ?? null,
  username: actor.username ?? null,
  ipAddress: actor.ipAddress ?? null,
});

export type BackupsService = ReturnType<typeof createBackupsService>;
