import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#server/lib/app-error.ts';
import { BACKUP_NAME_PATTERN, type Backup, type BackupType } from '#shared/schemas/backups.ts';
import { actorFields, recordRow, toBackup, type Actor, type BackupsContext } from './backup-context.ts';
import {
  BackupRefused,
  backupName,
  recordedSha256,
  scanDir,
  verifyBackup,
  writeBackup,
  type WrittenBackup,
} from './backup-files.ts';
import * as repo from './backups.repository.ts';
import { commitFile, copyDurably, describeFsError, fileSha256, writeChecksumFile } from './durable-files.ts';

/**
 * How backup files come into the backup directory (ADR 030): written from the database (a manual,
 * automated or restore-point backup), uploaded, or found there without a row. The caller holds
 * the service's one-at-a-time lock.
 */
export function createBackupWriter(ctx: BackupsContext) {
  const { db, dir, copyDir, clock, audit } = ctx;

  /** Rows for backup files that have none (a restore, the migration backup, a copied-in file). */
  async function adoptFiles(): Promise<void> {
    const { backups } = await scanDir(dir);
    const known = new Set((await repo.listBackupRows(db)).map((r) => r.filename));
    for (const filename of backups.filter((n) => !known.has(n))) {
      const file = path.join(dir, filename);
      try {
        const kind = (await ctx.driver()).kind;
        const sha256 = (await recordedSha256(dir, filename)) ?? (await fileSha256(file));
        const { manifest } = await verifyBackup(file, null, kind);
        const { size } = await stat(file);
        await recordRow(db, { filename, path: file, sha256, size, manifest }, new Date(manifest.createdAt));
      } catch (err) {
        ctx.log?.warn({ err, filename }, 'a file in the backup directory is not a readable backup');
      }
    }
  }

  async function create(type: BackupType, actor: Actor): Promise<WrittenBackup> {
    const d = await ctx.driver();
    if (d.problem) {
      await ctx.fail(d.problem, actor, `${type} backup`);
      throw new AppError('UNAVAILABLE', d.problem);
    }
    const at = clock.now();
    let written: WrittenBackup;
    try {
      written = await writeBackup(d, { dir, type, at, appVersion: ctx.version });
    } catch (err) {
      const message = describeFsError(err, dir);
      await ctx.fail(message, actor, `${type} backup`);
      throw new AppError('UNAVAILABLE', message);
    }
    // With the live schema gone (before a restore that brings it back) the file and its .sha256
    // are the record; adoptFiles() gives it a row later.
    await recordRow(db, written, at).catch((err: unknown) =>
      ctx.log?.warn({ err }, `backup ${written.filename} written, but not listed in the database`),
    );
    if (copyDir) {
      try {
        await copyDurably(written.path, copyDir, written.sha256);
      } catch (err) {
        await ctx.fail(describeFsError(err, copyDir), actor, `copy of ${written.filename}`);
      }
    }
    await audit
      .record({
        event: 'backup_created',
        ...actorFields(actor),
        details: `${written.filename} (${type}, ${written.size} bytes)`,
      })
      .catch((err: unknown) => ctx.log?.warn({ err }, 'backup not audited'));
    return written;
  }

  /**
   * An uploaded file, already saved at `tmp` in the backup directory: checked (structure,
   * manifest, kind of database), named like ours, recorded with its checksum.
   */
  async function adoptUpload(tmp: string, originalName: string, actor: Actor): Promise<Backup> {
    try {
      const d = await ctx.driver();
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
      const recorded = await recordRow(db, taken, new Date(manifest.createdAt)).then(
        () => true,
        () => false,
      );
      await audit
        .record({
          event: 'backup_created',
          ...actorFields(actor),
          details: `${filename} (uploaded as ${originalName.slice(0, 100)}, ${size} bytes)`,
        })
        .catch((err: unknown) => ctx.log?.warn({ err }, 'upload not audited'));
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
  }

  return { adoptFiles, create, adoptUpload };
}

export type BackupWriter = ReturnType<typeof createBackupWriter>;
