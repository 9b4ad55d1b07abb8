// Database backups from the command line (ADR 030):
//   npm run db:backup                       a manual backup into BACKUP_DIR (default DATA_DIR/backups)
//   npm run db:restore -- FILE              restore FILE (a backup in BACKUP_DIR, or any path to one)
// Uses DATABASE_URL, else the embedded PostgreSQL in DATA_DIR (default ./data, ADR 048), which one
// app at a time owns: stop the server first, or use the DB Backups screen.
import { copyFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDb } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { systemClock } from '#server/lib/clock.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { createPgHub } from '#server/realtime/pg-bridge.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { createBackupsService } from '#server/modules/backups/backups.service.ts';
import { createBackupDriver } from '#server/integrations/backup/driver.ts';
import { fileSha256, recordedSha256Beside } from './lib/backup-cli.ts';

const [command, file] = process.argv.slice(2);
if (command !== 'backup' && !(command === 'restore' && file)) {
  console.error('Usage: npm run db:backup\n       npm run db:restore -- FILE');
  process.exit(2);
}

const env = loadEnv();
const log = createLogger({ ...env, LOG_LEVEL: 'warn' });
const database = await openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
// On PostgreSQL the running instances hear the restore through the bridge and pause meanwhile.
const hub = database.kind === 'postgres' ? await createPgHub(database.url!, log) : createLocalHub();
const backups = createBackupsService({
  database,
  hub,
  clock: systemClock,
  audit: createAuditService({ db: database.db }),
  log,
  backupDir: env.BACKUP_DIR,
  copyDir: env.BACKUP_COPY_DIR ?? null,
  driver: () => createBackupDriver(database),
});
const actor = { username: `cli:${process.env.USER ?? 'unknown'}` };
try {
  if (command === 'backup') {
    const b = await backups.create('manual', actor);
    console.log(`${path.join(backups.backupDir, b.filename)} (${b.size} bytes, sha256 ${b.sha256})`);
  } else {
    const source = path.resolve(file!);
    let filename = path.basename(source);
    if (path.dirname(source) !== backups.backupDir || !existsSync(source)) {
      if (!existsSync(source)) throw new Error(`No such file: ${source}`);
      // A file from elsewhere: checked against the .sha256 beside it when there is one, then taken in.
      const expected = await recordedSha256Beside(source);
      if (expected && expected !== (await fileSha256(source)))
        throw new Error('The backup file is damaged: its checksum does not match. Nothing was changed.');
      await mkdir(backups.backupDir, { recursive: true });
      const tmp = path.join(backups.backupDir, `.upload-${randomBytes(6).toString('hex')}.tmp`);
      await copyFile(source, tmp);
      filename = (await backups.adoptUpload(tmp, filename, actor)).filename;
    }
    const result = await backups.restore(filename, actor);
    console.log(
      `${result.message}: ${result.tables} tables, ${result.rows} rows (restore point ${result.restorePoint})`,
    );
  }
} catch (err) {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await hub.close();
  await database.close();
}
