import { buildApp } from './app/build-app';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { seed } from './db/seed/seed';

/** Starts the platform: database, migrations, seed, then HTTP + socket.io on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const seeded = await seed(db, {
    demoData: config.DEMO_DATA,
    supportUrl: config.SUPPORT_URL,
    appDownloadUrl: config.APP_DOWNLOAD_URL,
  });
  const app = await buildApp({ config, db });
  app.http.log.info({ migrations: applied, seeded, database: db.kind }, 'database ready');

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
  console.log(`\n  Tessera is running at http://localhost:${port}/  (API docs: http://localhost:${port}/api/docs)\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
