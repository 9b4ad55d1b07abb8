import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { REPO_ROOT } from '#server/lib/paths.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  createBackupDriver,
  messageOf,
  type BackupDriver,
  type RestoreVerify,
} from '#server/integrations/backup/driver.ts';
import {
  commitFile,
  copyDurably,
  describeFsError,
  fileSha256,
  writeChecksumFile,
} from '#server/integrations/backup/files.ts';
import { compareCounts, countTables } from '#server/integrations/backup/manifest.ts';
import { localMigrations } from '#server/integrations/backup/pg-restore-tx.ts';
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
  /**
   * The backup driver, or a factory for it run at first use; otherwise built from the database
   * (createBackupDriver). The embedded engine gives the logical driver (ADR 050).
   */
  driver?: BackupDriver | (() => Promise<BackupDriver>);
}

/**
 * Database backups and restore (ADR 030, ADR 050): one consistent snapshot
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
  const given = deps.driver;
  let driverPromise: Promise<BackupDriver> | null = null;
  const driver = () =>
    (driverPromise ??=
      typeof given === 'function' ? given() : given ? Promise.resolve(given) : createBackupDriver(database));
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
    // With the live schema gone (before a restore that brings it back) the file and its .sha256
    // are the record; adoptFiles() gives it a row later.
    await recordRow(written, at).catch((err: unknown) =>
      deps.log?.warn({ err }, `backup ${written.filename} written, but not listed in the database`),
    );
    if (copyDir) {
      try {
        await copyDurably(written.path, copyDir, written.sha256);
      } catch (err) {
        await fail(describeFsError(err, copyDir), actor, `copy of ${written.filename}`);
      }
    }
    await audit
      .record({
        event: 'backup_created',
        ...actorFields(actor),
        details: `${written.filename} (${type}, ${written.size} bytes)`,
      })
      .catch((err: unknown) => deps.log?.warn({ err }, 'backup not audited'));
    return written;
  }

  /**
   * The integrity check the driver runs on the restored data before it replaces the live data
   * (the driver has run the migrations): the row counts of the manifest, and an admin.
   */
  const integrityCheck =
    (manifest: Manifest): RestoreVerify =>
    async (query) => {
      const counts = await countTables(query);
      const problems = compareCounts(manifest.tables, counts.tables);
      if (problems.length)
        throw new Error(`the restored data does not match the backup (${problems.slice(0, 3).join('; ')})`);
      const admins = await query(`select 1 from users where role = 'admin' limit 1`);
      if (!admins.rows.length) throw new Error('the backup has no administrator account');
    };

  async function restoreLocked(filename: string, actor: Actor): Promise<RestoreResult> {
    if (!BACKUP_NAME_PATTERN.test(filename)) throw new AppError('VALIDATION', 'Not a backup file name of this product');
    const d = await driver();
    if (d.problem) throw new AppError('UNAVAILABLE', d.problem);
    const file = path.join(dir, filename);
    // The live schema may be gone (a damaged database): the .sha256 beside the file then answers.
    const row = await repo.findBackupRow(db, filename).catch(() => undefined);
    const member = path.join(dir, `.restore-${randomBytes(4).toString('hex')}.member.tmp`);
    let checked;
    try {
      try {
        const expected = await recordedSha256(dir, filename, row?.sha256);
        if (expected === null)
          throw new BackupRefused('The backup has no recorded checksum (its .sha256 file is missing)');
        checked = await verifyBackup(file, expected, d.kind);
        checkRestorable(checked.manifest, d);
        await extractDump(file, checked.dump, member);
        if (checked.manifest.entrySha256 && (await fileSha256(member)) !== checked.manifest.entrySha256)
          throw new BackupRefused(
            'The backup file is damaged: its database dump does not match its manifest. Nothing was changed.',
          );
      } catch (err) {
        if (!(err instanceof BackupRefused)) throw err;
        const message = /Nothing was changed/.test(err.message)
          ? err.message
          : `${err.message.replace(/\.$/, '')}. Nothing was changed.`;
        await fail(message, actor, `restore of ${filename}`);
        throw new AppError('UNPROCESSABLE', message);
      }
      const sessionsNow = await repo.allSessions(db).catch(() => []);
      await maintenance.enter();
      let point: WrittenBackup;
      try {
        point = await createLocked('restore_point', actor);
        // All or nothing (ADR 050): on any failure the live data is as it was.
        await d.restore(member, checked.manifest.entry, integrityCheck(checked.manifest));
      } catch (err) {
        const message =
          err instanceof AppError
            ? `${err.message.replace(/\.$/, '')}. Nothing was changed.`
            : `The backup could not be restored: ${messageOf(err)}. Nothing was changed: the database is as it was.`;
        await fail(message, actor, `restore of ${filename}`);
        throw new AppError('UNPROCESSABLE', message);
      } finally {
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
    } finally {
      await rm(member, { force: true });
    }
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
          const taken = { filename, path: path.join(dir, filename), sha256, size, manifest };
          // With the live schema gone (db:restore of a file from elsewhere) the file and its
          // .sha256 are the record until the restore brings the table back.
          const recorded = await recordRow(taken, new Date(manifest.createdAt)).then(
            () => true,
            () => false,
          );
          await audit
            .record({
              event: 'backup_created',
              ...actorFields(actor),
              details: `${filename} (uploaded as ${originalName.slice(0, 100)}, ${size} bytes)`,
            })
            .catch((err: unknown) => deps.log?.warn({ err }, 'upload not audited'));
          const row = recorded ? await repo.findBackupRow(db, filename) : undefined;
          return row
            ? toBackup(row)
            : {
                filename,
                type: manifest.type,
                size,
                sha256,
                appVersion: manifest.appVersion,
                databaseVersion: manifest.databaseVersion,
                created: manifest.createdAt,
              };
        } finally {
          await rm(tmp, { force: true });
        }
      }),
    backupDir: dir,
  };
}

/** A backup this app and database can take back, checked before anything changes. */
function checkRestorable(manifest: Manifest, d: BackupDriver): void {
  const known = localMigrations().length;
  if (manifest.migrations > known)
    throw new BackupRefused(
      `The backup was made by a newer version of the app (${manifest.migrations} database migrations, this version has ${known}): update the app first. Nothing was changed.`,
    );
  if (!d.restores.includes(manifest.entry))
    throw new BackupRefused(
      `This server cannot read the backup's database dump (${manifest.entry.slice(0, 40)}). Nothing was changed.`,
    );
}

const actorFields = (actor: Actor) => ({
  userId: actor.userId ?? null,
  username: actor.username ?? null,
  ipAddress: actor.ipAddress ?? null,
});

export type BackupsService = ReturnType<typeof createBackupsService>;
