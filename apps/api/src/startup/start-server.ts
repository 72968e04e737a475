import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { type Config, databaseLocation } from '../config';
import { keepScopesAhead } from '../orders/totals';
import { type Database, openDatabase } from '../platform/db/client';
import { ReadReplicas } from '../platform/db/read-replicas';
import { databaseAddress, waitForDatabase } from '../platform/db/wait-for-database';
import { keepCompletingAssessments } from '../programmes/wec.service';
import { startBanner } from './banner';
import { applyBusinessTimeZone, type StartZone } from './business-time-zone';
import { type FirstStart, prepareFirstStart } from './first-start';
import { keepTidy } from './housekeeping';
import { stdoutLogOutput } from './log-output';
import { startLog } from './start-log';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  firstStart: FirstStart;
  /** The business time zone in force, and whether BUSINESS_TIME_ZONE changed it at this start. */
  businessZone: StartZone;
  url: string;
  /** The start-up message, line by line (banner.ts). */
  banner: string[];
  close(): Promise<void>;
}

/** Opens and migrates the configured database, prepares a first start, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const location = databaseLocation(config);
  const database = openDatabase({
    ...location,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    poolMax: config.dbPoolMax,
    poolIdleMs: config.dbPoolIdleMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    queryTimeouts: config.dbQueryTimeouts,
  });
  let replicas: ReadReplicas | undefined;
  try {
    if (location.url)
      await waitForDatabase(database.db, databaseAddress(location.url), {
        attempts: config.dbStartAttempts ?? 8,
        delayMs: config.dbStartDelayMs ?? 1000,
        log: (line) => startLog({ level: 'warn', msg: line }),
      });
    await prepareDatabase(database);
    // Before the demo data, whose bonus periods are days and months of this zone.
    const businessZone = await applyBusinessTimeZone(database.db, config);
    const starting = await prepareFirstStart(database.db, config);
    replicas = config.readReplicas && openReplicas(database.db, config);
    const app = await listening(
      await buildApp({ db: database.db, replicas, config, logStream: stdoutLogOutput() }),
      config,
    );
    const stopScopesAhead = keepScopesAhead(database.db, (error) => app.log.error(error), {
      config: config.ordersTotals,
    });
    // WEC assessments whose conditions are all met complete by themselves (docs/product/programmes.md).
    const stopAssessments = keepCompletingAssessments(database.db, (error) => app.log.error(error));
    const stopTidying = keepTidy(database.db, { dryRunListDays: config.dryRunListDays }, (error) =>
      app.log.error(error),
    );
    const firstStart = { ...starting, demoLogins: await starting.demoLogins };
    const url = `http://localhost:${(app.server.address() as AddressInfo).port}`;
    const databaseText = location.dataDir
      ? `embedded PGlite in ${location.dataDir}`
      : `PostgreSQL (DATABASE_URL)${replicas ? `, heavy reads on ${replicas.servers.length} replica(s) (DATABASE_READ_URL)` : ''}`;
    return {
      app,
      database,
      firstStart,
      businessZone,
      url,
      banner: startBanner(config, url, databaseText, firstStart, businessZone),
      close: async () => {
        await stopScopesAhead();
        await stopAssessments();
        await stopTidying();
        await app.close();
        await replicas?.close();
        await database.close();
      },
    };
  } catch (error) {
    await replicas?.close();
    await database.close();
    throw error;
  }
}

/** The replicas of DATABASE_READ_URL, with the primary's pool settings; they tell their state in JSON log lines. */
function openReplicas(primary: Database['db'], config: Config): ReadReplicas {
  return ReadReplicas.open(primary, {
    ...config.readReplicas!,
    poolMax: config.dbPoolMax,
    poolIdleMs: config.dbPoolIdleMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    queryTimeouts: config.dbQueryTimeouts,
    log: (level, msg) => startLog({ level, msg }),
  });
}

/** The app listening, or closed again (its jobs and hooks stopped) when it cannot. */
async function listening(app: FastifyInstance, config: Config): Promise<FastifyInstance> {
  try {
    await app.listen({ port: config.port, host: config.host });
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
