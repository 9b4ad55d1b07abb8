import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { localMigrations } from '#server/db/migrate.ts';
import { compareCounts, countTables } from '#server/db/table-counts.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { BackupDriver, RestoreVerify } from '#server/integrations/backup/driver.ts';
import { BACKUP_NAME_PATTERN, type RestoreResult } from '#shared/schemas/backups.ts';
import { actorFields, type Actor, type BackupsContext } from './backup-context.ts';
import type { BackupWriter } from './backup-create.ts';
import {
  BackupRefused,
  extractDump,
  recordedSha256,
  verifyBackup,
  type Manifest,
  type WrittenBackup,
} from './backup-files.ts';
import * as repo from './backups.repository.ts';
import { fileSha256 } from './durable-files.ts';
import type { Maintenance } from './maintenance.ts';

/**
 * The restore of a backup file (ADR 030, ADR 050): the file is checked before anything changes, a
 * restore point is taken, every instance goes into maintenance while the driver swaps the data,
 * and any failure leaves the live data as it was. The caller holds the one-at-a-time lock.
 */
export function createRestorer(ctx: BackupsContext, writer: BackupWriter, maintenance: Maintenance) {
  const { db, dir } = ctx;

  return async function restore(filename: string, actor: Actor): Promise<RestoreResult> {
    if (!BACKUP_NAME_PATTERN.test(filename)) throw new AppError('VALIDATION', 'Not a backup file name of this product');
    const d = await ctx.driver();
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
        await ctx.fail(message, actor, `restore of ${filename}`);
        throw new AppError('UNPROCESSABLE', message);
      }
      const sessionsNow = await repo.allSessions(db).catch(() => []);
      await maintenance.enter();
      let point: WrittenBackup;
      try {
        point = await writer.create('restore_point', actor);
        // All or nothing (ADR 050): on any failure the live data is as it was.
        await d.restore(member, checked.manifest.entry, integrityCheck(checked.manifest));
      } catch (err) {
        const message =
          err instanceof AppError
            ? `${err.message.replace(/\.$/, '')}. Nothing was changed.`
            : `The backup could not be restored: ${err instanceof Error ? err.message : String(err)}. Nothing was changed: the database is as it was.`;
        await ctx.fail(message, actor, `restore of ${filename}`);
        throw new AppError('UNPROCESSABLE', message);
      } finally {
        await maintenance.leave();
      }
      await repo.replaceSessions(db, sessionsNow);
      await writer.adoptFiles();
      await ctx.audit.record({
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
  };
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
