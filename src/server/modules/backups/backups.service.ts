import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { BackupDriver } from '#server/integrations/backup/driver.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import {
  AUTOMATED_BACKUP_RETENTION_DAYS,
  BACKUP_NAME_PATTERN,
  RESTORE_POINTS_KEPT,
  type Backup,
  type BackupStatus,
  type BackupType,
} from '#shared/schemas/backups.ts';
import { actorFields, appVersion, toBackup, type Actor, type BackupsContext } from './backup-context.ts';
import { createBackupWriter } from './backup-create.ts';
import { scanDir } from './backup-files.ts';
import { createRestorer } from './backup-restore.ts';
import * as repo from './backups.repository.ts';
import { createMaintenance } from './maintenance.ts';

export type { Actor } from './backup-context.ts';
export const BACKUP_JOB_NAME = 'backup-hourly';
const DAY = 24 * 3600 * 1000;

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
   * The port to the database's own backup tools: the driver, or a factory for it run at first use
   * (app-services.ts hands in createBackupDriver: the logical driver on the embedded engine, ADR 050).
   */
  driver: BackupDriver | (() => Promise<BackupDriver>);
}

/**
 * Database backups and restore (ADR 030, ADR 050): one consistent snapshot per backup, written
 * safely with its checksum (backup-create.ts); restore checks the file, takes a restore point,
 * swaps the data with every instance in maintenance, runs migrations and the integrity check, and
 * goes back to the restore point on any failure (backup-restore.ts).
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
  const driver = () => (driverPromise ??= typeof given === 'function' ? given() : Promise.resolve(given));
  let lastFailure: { message: string; at: Date } | null = null;
  // One backup or restore at a time in this process.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };

  const ctx: BackupsContext = {
    db,
    clock,
    audit,
    log: deps.log,
    dir,
    copyDir,
    version,
    driver,
    async fail(message, actor, details) {
      lastFailure = { message, at: clock.now() };
      deps.log?.error({ details }, message);
      await audit
        .record({ event: 'backup_failed', ...actorFields(actor), details: `${details}: ${message}` })
        .catch(() => {});
    },
  };
  const writer = createBackupWriter(ctx);
  const restore = createRestorer(ctx, writer, maintenance);

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
      await writer.adoptFiles();
    },
    async list(): Promise<Backup[]> {
      await writer.adoptFiles();
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
        const w = await writer.create(type, actor);
        const row = await repo.findBackupRow(db, w.filename);
        return toBackup(row!);
      }),
    restore: (filename: string, actor: Actor = {}) => exclusive(() => restore(filename, actor)),
    /** The hourly job: an automated backup, then the retention rule. */
    runScheduled: () =>
      exclusive(async () => {
        const w = await writer.create('automated', {});
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
    /** An uploaded file saved at `tmp` in the backup directory, checked and adopted (backup-create.ts). */
    adoptUpload: (tmp: string, originalName: string, actor: Actor) =>
      exclusive(() => writer.adoptUpload(tmp, originalName, actor)),
    backupDir: dir,
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
