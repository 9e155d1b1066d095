import { openDatabase } from '~/db/client';
import { DataDirInUseError } from '~/db/data-dir-lock';
import { keepNewFilesPrivate } from '~/db/private-files';
import { buildApp } from './app';
import { serveBackupsWhileRunning } from './features/backup';
import { EnvError, parseEnv } from './env';
import { migrationsDir, resolveDataDir } from './lib/paths';

/** Boot: validate settings, open and migrate the database, listen, and shut down gracefully. */
async function main() {
  keepNewFilesPrivate();
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ databaseUrl: env.DATABASE_URL })
      : await openDatabase({ dataDir: resolveDataDir(env.DATA_DIR), purpose: "the site's server" });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(
        `${error.message} Only one program may open the embedded database at a time: stop that one, or give this server another DATA_DIR. If it is no longer running, delete ${error.lockFile} and start again.`,
      );
      process.exit(1);
    }
    throw error;
  }
  await database.migrate(migrationsDir);

  const app = await buildApp({ env, database });
  // On the embedded database, `npm run backup` gets its copy from this process (ADR 026).
  const stopServingBackups = await serveBackupsWhileRunning(
    database,
    resolveDataDir(env.DATA_DIR),
    app.log,
  );
  app.addHook('onClose', async () => {
    await stopServingBackups();
    await database.close();
  });
  if (database.driver === 'pglite' && env.NODE_ENV === 'production') {
    app.log.warn(
      'running in production on the embedded database (PGlite), which does not fsync: set DATABASE_URL to PostgreSQL before taking real money',
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests, then closing the database');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.jobWorker.start();
  app.log.info(
    `${app.siteConfig.product} is running at ${env.PUBLIC_URL} (database: ${database.driver})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
