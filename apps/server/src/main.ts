import { buildApp } from './app/build-app';
import { prepareDatabase } from './app/bootstrap';
import { startBanner } from './app/banner';
import { exitOnCoreFailure } from './app/crash-only';
import { loadConfig } from './config';
import { openDatabase } from './db/open';

/** Starts the platform: database, migrations, seed, then HTTP + socket.io on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  // one core per database: claimed before migrations or the seed write anything (the embedded
  // database is claimed as it opens)
  const db = await openDatabase(config);
  // a gateway writes no money: the core's process (or the one process, unset) claims the database
  if (config.ROLE !== 'gateway') await db.claimWriter();
  const prepared = await prepareDatabase(db, config);
  // crash-only: a failed core ends the process, and the supervisor restarts it from the database
  const app = await buildApp({ config, db, onCoreFailure: exitOnCoreFailure() });
  app.http.log.info({ ...prepared, database: db.kind }, 'database ready');

  const shutdown = async (signal: string) => {
    app.http.log.info({ signal }, 'shutting down');
    await app.http.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.http.listen({ port: config.PORT, host: config.HOST });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`\n${startBanner(config, port).map((line) => `  ${line}`).join('\n')}`);
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
