import closeWithGrace from 'close-with-grace';
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/dir-lock.ts';
import { loadEnv } from './env.ts';
import { createLogger } from '#server/lib/logger.ts';

const env = loadEnv();
const log = createLogger(env);

async function start() {
  const t0 = Date.now();
  // The rest of the app loads while the database starts (ADR 061); awaited once it is open.
  const loading = import('./main-modules.ts');
  loading.catch(() => {}); // a failure is reported where it is awaited, below
  // No DATABASE_URL: the app starts (or reuses) its own PostgreSQL server in DATA_DIR (ADR 048).
  const database = await openDb(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE, log },
  );
  const {
    bootstrapData,
    buildApp,
    publicOrigin,
    runMigrations,
    importPgliteOnce,
    backupBeforeMigrations,
    createBackupDriver,
    moveFromPglite,
    createLocalHub,
    createPgHub,
    processJobs,
    createJobRunner,
    mailSettingsFromEnv,
    loadMailKey,
  } = await loading.catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  log.info(
    {
      database: database.embedded ? 'embedded' : 'external',
      where: env.DATABASE_URL ? 'DATABASE_URL' : path.resolve(env.DATA_DIR),
    },
    'database open',
  );
  try {
    await importPgliteOnce(database, { move: moveFromPglite, log });
  } catch (err) {
    await database.close();
    throw err;
  }
  await backupBeforeMigrations(database, {
    backupDir: env.BACKUP_DIR,
    copyDir: env.BACKUP_COPY_DIR,
    log,
    driver: createBackupDriver,
  });
  await runMigrations(database);
  await bootstrapData(database.db, env, log);
  const hub = database.url
    ? await createPgHub(database.url, log)
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
    jobs: processJobs(services, {
      mailPollMinutes: env.MAIL_POLL_MINUTES,
      taskDueCheckSeconds: env.TASK_DUE_CHECK_SECONDS,
    }),
    log,
  });
  closeWithGrace({ delay: 10_000, logger: log }, async ({ err, signal }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await hub.close();
    await database.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  log.info({ ms: Date.now() - t0 }, `ready on http://localhost:${env.PORT}`);
  jobs.start();
}

start().catch((err: Error) => {
  // A clear one-line reason (e.g. the data directory is in use) beats a stack trace here.
  log.fatal(err instanceof DataDirLockedError ? {} : { err }, err.message);
  process.exit(1);
});
