/**
 * Starts the API: configuration, database (PGlite in its own process, or DATABASE_URL),
 * migrations, demo data when empty, then HTTP. Stops cleanly on SIGINT/SIGTERM.
 *   pnpm --filter @console/api start [--scale N]
 */
import { createServer } from 'node:http';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from './access.ts';
import { loadConfig } from './config.ts';
import { createIdentityAdmin } from './auth/identity-admin.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './seed/demo-data.ts';
import { seedDemoScrapers } from './seed/scrapers-demo.ts';
import { withWebsiteListAnswers } from './graphql/website-list-answers.ts';
import './jobs/kinds.ts';
import { closeQueueOf, queueOf } from './jobs/queue.ts';
import { serveMatchingThroughQueue } from './matching/runs/jobs.ts';
import { maintenanceInterval, startMaintenance } from './db/maintenance.ts';
import { loadMigrations } from './db/migrate.ts';
import { newerSchemaMessage, schemaStatus } from './db/schema-status.ts';
import { createFront } from './http/listener.ts';
import { createLogger } from './http/logger.ts';
import { createErrorReporter } from './http/error-reports.ts';

async function main() {
  // graphql-js runs extra checks on every type test unless NODE_ENV is production (about a
  // third of a large list's time); they only catch duplicate graphql installs, which tests do.
  process.env.NODE_ENV ??= 'production';
  const { createApi } = await import('./app.ts');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger({ level: config.logLevel, environment: config.environment, buildId: config.buildId });
  // Production with ERROR_REPORTING_DSN only; tokens, cookies and e-mail addresses scrubbed.
  const reporter = createErrorReporter({
    dsn: config.errorReportingDsn,
    environment: config.environment,
    buildId: config.buildId,
    service: 'api',
  });
  // A rejection nobody handled still ends the process (as without a reporter), once it is reported.
  if (reporter) {
    process.on('unhandledRejection', (reason) => {
      logger.fatal({ err: reason }, 'Unhandled rejection');
      reporter.report(reason);
      void reporter.flush().finally(() => process.exit(1));
    });
  }
  let identity: ReturnType<typeof createIdentityAdmin>;
  try {
    // dev / production without service-account credentials refuse to start here.
    identity = createIdentityAdmin({
      environment: config.environment,
      projectId: config.firebaseProjectId,
      authEmulatorHost: config.authEmulatorHost,
      credentialsFile: process.env.GOOGLE_APPLICATION_CREDENTIALS,
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteSocketDir: config.pgliteSocketDir,
  });
  const stopDb = () => db.close().catch((error) => console.error('Closing the database failed:', error));
  try {
    // A database a newer build migrated is refused before anything is applied (db/schema-status.ts).
    const refusal = newerSchemaMessage(await schemaStatus(db.pool));
    if (refusal) throw new Error(refusal);
    if (config.migrateAtStart) await migrate(db.pool);
    // Demo users with known passwords: only when the local stack asks (config.ts refuses it elsewhere).
    if (config.demoData) {
      const seeded = await seedDemoData(db.pool, { websites: config.seedWebsites, matching: true });
      if (seeded.organizations)
        console.log(
          `Demo data: ${seeded.organizations} organizations, ${seeded.websites} websites, ${seeded.users} users.`,
        );
      // The local stack's fixture shop (scripts/stack.ts): demo scrapers read it (seed/scrapers-demo.ts).
      if (process.env.FIXTURE_SHOP_URL) {
        const scrapers = await seedDemoScrapers(db.pool, process.env.FIXTURE_SHOP_URL);
        if (scrapers)
          console.log(`Demo scrapers: ${scrapers}, reading the fixture shop at ${process.env.FIXTURE_SHOP_URL}.`);
      }
    }
  } catch (error) {
    await stopDb();
    throw error;
  }

  const verifyToken = createTokenVerifier({
    projectId: config.firebaseProjectId,
    emulator: config.environment === 'local' && Boolean(config.authEmulatorHost),
  });
  const yoga = createApi({
    pool: db.pool,
    verifyToken,
    access: await loadAccessControl(),
    environment: config.environment,
    logger,
    ...(reporter ? { reportError: (error: unknown) => reporter.report(error) } : {}),
    ...(identity ? { identity } : {}),
  });
  // Kept OrganizationWebsiteList answers in front of yoga (graphql/website-list-answers.ts).
  const api = withWebsiteListAnswers(yoga, { pool: db.pool, verifyToken, access: await loadAccessControl() });
  // Health answers, the edge's secret, the body limit and the request log in front (http/listener.ts).
  const health = {
    pool: db.pool,
    environment: config.environment,
    buildId: config.buildId,
    migrations: loadMigrations().map((migration) => migration.version),
  };
  const front = createFront(api, { health, logger, edgeSecret: config.edgeSecret });
  const server = createServer(front.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  // Background work runs in the job workers (jobs/README.md: feed schedule, matching runs and
  // expiry); the API only enqueues. Requested matching runs and recorded changes become jobs.
  await queueOf(db.pool);
  serveMatchingThroughQueue(db.pool);
  // Price suggestions are kept current by the job workers too (pricing/jobs.ts, `pricing.update`).

  // PGlite runs no autovacuum: the API reclaims dead rows and refreshes statistics itself.
  const stopMaintenance = db.engine === 'pglite' ? startMaintenance(db.pool, maintenanceInterval()) : () => undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${signal}: stopping the API`);
    front.markStopping();
    stopMaintenance();
    server.closeIdleConnections();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
    await closed;
    await closeQueueOf(db.pool);
    await stopDb();
    await reporter?.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Ready only once a signal stops it gracefully: a supervisor may send SIGTERM the moment it reads this.
  logger.info({ url: `http://${config.host}:${port}/graphql` }, `API ready at http://${config.host}:${port}/graphql`);
}

main().catch((error) => {
  console.error('The API failed to start:', error);
  process.exit(1);
});
