import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { keepScopesAhead } from './orders/orders.scopes-ahead';
import { prepareDatabase } from './platform/db/bootstrap';
import { openDatabase } from './platform/db/client';
import { DEMO_LOGINS, seedDemoIfEmpty } from './seed/demo';

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
});
await prepareDatabase(database);
const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;
const app = await buildApp({ db: database.db, config, logger: true });
await app.listen({ port: config.port, host: config.host });
const stopScopesAhead = keepScopesAhead(database.db, (error) => app.log.error(error));

const url = `http://localhost:${config.port}`;
console.log(`
  Membership back-office is running at ${url}
  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? '  (demo data loaded)' : ''}
  ${config.webDist ? '' : 'Web app not built: run `npm run build` (the API answers under /api).\n  '}Demo logins:
${DEMO_LOGINS.map((l) => `    ${l.role.padEnd(12)} ${l.account} / ${l.password}`).join('\n')}
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await stopScopesAhead();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
