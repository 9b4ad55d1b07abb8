import closeWithGrace from 'close-with-grace';
import path from 'node:path';
import { bootstrapData } from './bootstrap.ts';
import { buildApp, publicOrigin } from './app.ts';
import { openDb } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/dir-lock.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { watchGrowth } from '#server/db/pglite-maintenance.ts';
import { everyInterval } from '#server/lib/every.ts';
import { backupBeforeMigrations } from '#server/modules/backups/backups.api.ts';
import { loadEnv } from './env.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { createPgHub } from '#server/realtime/pg-bridge.ts';
import { createLogger } from '#server/lib/logger.ts';
import { processJobs } from '#server/jobs/process-jobs.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { mailSettingsFromEnv } from '#server/integrations/mail/mail-settings.ts';
import { loadMailKey } from '#server/integrations/mail/secret-box.ts';

const env = loadEnv();
const log = createLogger(env);

async function start() {
  const t0 = Date.now();
  const database = await openDb(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR },
  );
  log.info(
    { database: database.kind, where: env.DATABASE_URL ? 'DATABASE_URL' : path.resolve(env.DATA_DIR) },
    'database open',
  );
  await backupBeforeMigrations(database, { backupDir: env.BACKUP_DIR, copyDir: env.BACKUP_COPY_DIR, log });
  await runMigrations(database);
  await bootstrapData(database.db, env, log);
  const hub =
    database.kind === 'postgres'
      ? await createPgHub(database.url!, log)
      : createLocalHub((err) => log.error({ err }, 'event listener failed'));

  if (!env.PUBLIC_URL && env.NODE_ENV === 'production')
    log.warn(`PUBLIC_URL is not set: the sitemap and link previews point at ${publicOrigin(env)}`);
  // The key sealing mailbox secrets lives outside the database (docs/mail.md).
  const mail = mailSettingsFromEnv(env, loadMailKey(env.MAIL_SECRET_KEY, path.resolve(env.DATA_DIR)));
  const { app, services } = await buildApp({
    database,
    hub,
    env,
    mail,
    logger: log,
    ...(env.WEB_ROOT ? { webRoot: path.resolve(env.WEB_ROOT) } : {}),
  });
  // Jobs belong to the process, not the app: tests build the app and run jobs on demand.
  await services.backups.init();
  const jobs = createJobRunner({
    db: database.db,
    jobs: processJobs(database, services, { mailPollMinutes: env.MAIL_POLL_MINUTES }),
    log,
  });
  let stopGrowthWatch = () => {};
  closeWithGrace({ delay: 10_000, logger: log }, async ({ err, signal }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    stopGrowthWatch();
    await jobs.stop();
    await app.close();
    await hub.close();
    await database.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  log.info({ ms: Date.now() - t0 }, `ready on http://localhost:${env.PORT}`);
  jobs.start();
  // PGlite has no autovacuum: tables that grow get fresh statistics within seconds, not at the hour.
  stopGrowthWatch = watchGrowth(database, {
    every: everyInterval,
    onError: (err) => log.warn({ err }, 'checking for grown tables failed'),
  });
}

start().catch((err: Error) => {
  // A clear one-line reason (e.g. the data directory is in use) beats a stack trace here.
  log.fatal(err instanceof DataDirLockedError ? {} : { err }, err.message);
  process.exit(1);
});
