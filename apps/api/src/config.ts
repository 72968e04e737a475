import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isTimeZone } from '@app/contracts';

export interface Config {
  port: number;
  host: string;
  /** postgres://… for a real server; unset = embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  shopUrl: string;
  /** Built web app to serve; unset = API only. */
  webDist: string | undefined;
  /** Load the demo data set into an empty database (default: on embedded PGlite only). */
  seedDemo: boolean;
  /** INITIAL_ADMIN_NAME/EMAIL/PASSWORD: the first super administrator, made by a start that finds no administrator. */
  initialAdmin?: { name: string; email: string; password: string };
  logLevel: string;
  /** A request taking at least this long is logged (warn) whatever its method and status (LOG_SLOW_MS, 1000). */
  slowRequestMs?: number;
  /** The one account name allowed to confirm order refunds (docs/product/access.md); default the demo super admin. */
  refundAdmin?: string;
  /** Key the shop platform sends in `x-api-key` to POST /api/orders/ingest; unset = admins only. */
  ordersIngestKey?: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (login throttle, audit):
   * false (default) = none, the socket address counts; true = any; a number = that many nearest hops;
   * a string = comma list of proxy addresses/CIDRs (`loopback`, `10.0.0.0/8`, …).
   */
  trustProxy?: TrustProxy;
  /** METRICS=true serves Prometheus metrics at GET /metrics (else 404). */
  metrics?: boolean;
  /** When set, GET /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken?: string;
  /** Start-up tries to reach PostgreSQL this many times (DB_START_ATTEMPTS), pausing DB_START_DELAY_MS, doubled each time up to 5 s. */
  dbStartAttempts?: number;
  /**
   * The server's statements on PostgreSQL are stopped after this long (DB_STATEMENT_TIMEOUT_MS, 0: never), so a
   * pathological request cannot hold a connection; migrations and settlement runs are exempt.
   */
  dbStatementTimeoutMs?: number;
  dbStartDelayMs?: number;
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs?: number;
  /** scrypt cost of the password hashes the app makes; default RECOMMENDED_PASSWORD_COST. Only tests lower it. */
  passwordCost?: ScryptCost;
  /** How jobs keep alive and how soon a lost one is failed (docs/jobs.md); defaults: DEFAULT_JOB_TIMING. */
  jobTiming?: JobTiming;
  /** What an uploaded import file may hold (docs/operations.md); defaults: DEFAULT_IMPORT_LIMITS. */
  importLimits?: ImportLimits;
  /**
   * The orders list's totals: ORDERS_TOTALS_EXACT=true sets `exact`, counting every total over the orders instead
   * of the rollup (docs/operations.md); their other tunables keep the defaults of orders/totals/config.ts.
   */
  ordersTotals?: { exact: boolean };
  /** Days a dry run's list of payouts is kept after it finished (DRY_RUN_LIST_DAYS); then housekeeping clears it. */
  dryRunListDays?: number;
  /** A settlement review flags receivers due more than this many times their previous period (SETTLEMENT_FLAG_MULTIPLE). */
  settlementFlagMultiple?: number;
  /** Sign-ins checking a password at once per process (SIGN_IN_LIMIT); more are refused 503 'access.busy'. */
  signInLimit?: number;
  /**
   * BUSINESS_TIME_ZONE: the IANA zone whose days and months are the bonus periods, date filters and reports, set
   * (audited) at start; unset = the database keeps the zone it has (platform/business-time/, docs/operations.md).
   */
  businessTimeZone?: string;
}

export const MB = 1024 * 1024;

/** scrypt's cost: N (CPU and memory, a power of two), r (block size), p (parallelism); access/passwords.ts. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Checked on every import upload before its rows are parsed (platform/xlsx/zip-check.ts). */
export interface ImportLimits {
  /** The uploaded file (IMPORT_MAX_UPLOAD_MB). */
  uploadBytes: number;
  /** Any one part of an .xlsx once unpacked, e.g. the sheet (IMPORT_MAX_PART_MB). */
  partBytes: number;
  /** All parts of an .xlsx together once unpacked (IMPORT_MAX_UNPACKED_MB). */
  unpackedBytes: number;
  /** Unpacked bytes per packed byte of a part over 1 MB; beyond it the file is taken for a zip bomb (IMPORT_MAX_RATIO). */
  ratio: number;
  /** Parts (zip entries) of an .xlsx (IMPORT_MAX_PARTS). */
  parts: number;
  /** Rows under the header (IMPORT_MAX_ROWS). */
  rows: number;
}

/**
 * A 100,000-row order export is about 10 MB packed and 90 MB unpacked, so it imports back with room
 * for longer texts; an honest sheet packs 5 to 30 times smaller, a zip bomb about 1,000 times.
 */
export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  uploadBytes: 20 * MB,
  partBytes: 200 * MB,
  unpackedBytes: 250 * MB,
  ratio: 100,
  parts: 500,
  rows: 100_000,
};

export interface JobTiming {
  /** How often a process refreshes the heartbeat of the jobs it runs. */
  heartbeatMs: number;
  /** How often every process looks for lost jobs (and once at start). */
  sweepMs: number;
  /** A queued or running job whose heartbeat is older than this has lost its process: it is failed. */
  lostAfterMs: number;
}

/** A crashed process's jobs read failed within lostAfterMs + sweepMs (50 s). */
export const DEFAULT_JOB_TIMING: JobTiming = { heartbeatMs: 10_000, sweepMs: 20_000, lostAfterMs: 30_000 };

export type TrustProxy = boolean | number | string;

/** Reads settings from the environment (documented in README.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    shopUrl: env.SHOP_URL ?? 'https://shop.example.com',
    webDist: env.WEB_DIST ?? defaultWebDist(),
    seedDemo: parseSeedDemo(env.SEED_DEMO, Boolean(env.DATABASE_URL)),
    initialAdmin: parseInitialAdmin(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    slowRequestMs: Number(env.LOG_SLOW_MS || 1000),
    refundAdmin: env.REFUND_ADMIN || 'admin',
    ordersIngestKey: env.ORDERS_INGEST_KEY || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metrics: env.METRICS === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    dbStartAttempts: Number(env.DB_START_ATTEMPTS || 8),
    dbStatementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 60_000),
    dbStartDelayMs: Number(env.DB_START_DELAY_MS || 1000),
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS || 20_000),
    jobTiming: parseJobTiming(env),
    importLimits: parseImportLimits(env),
    ordersTotals: { exact: parseOrdersTotalsExact(env.ORDERS_TOTALS_EXACT) },
    dryRunListDays: positiveSetting(env, 'DRY_RUN_LIST_DAYS', DEFAULT_DRY_RUN_LIST_DAYS),
    settlementFlagMultiple: positiveSetting(
      env,
      'SETTLEMENT_FLAG_MULTIPLE',
      DEFAULT_SETTLEMENT_FLAG_MULTIPLE,
    ),
    signInLimit: positiveSetting(env, 'SIGN_IN_LIMIT', DEFAULT_SIGN_IN_LIMIT),
    businessTimeZone: parseBusinessTimeZone(env.BUSINESS_TIME_ZONE),
  };
}

/** BUSINESS_TIME_ZONE: an IANA time zone name the runtime knows (`Asia/Hong_Kong`); unset or empty keeps the database's. */
export function parseBusinessTimeZone(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  // An offset ('+08:00') is refused: PostgreSQL reads it the POSIX way round, east of Greenwich as negative.
  if (/^[+-]/.test(text) || !isTimeZone(text))
    throw new Error(
      `BUSINESS_TIME_ZONE must be an IANA time zone name such as Asia/Hong_Kong or UTC, not ${JSON.stringify(value)}`,
    );
  // The runtime's own spelling of the name ('asia/hong_kong' is Asia/Hong_Kong), as the database keeps it.
  return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
}

/** The one account allowed to confirm order refunds (REFUND_ADMIN; the demo's super administrator by default). */
export const refundAdmin = (config: Config): string => config.refundAdmin ?? 'admin';

/** Sign-ins checking a password at once per process unless SIGN_IN_LIMIT says otherwise: 16 hashes' wait, ~4 s. */
export const DEFAULT_SIGN_IN_LIMIT = 16;

/** Days a dry run's list is kept when DRY_RUN_LIST_DAYS is unset. */
export const DEFAULT_DRY_RUN_LIST_DAYS = 30;

/** How many times their previous period's amount a receiver may be due before a review flags them, when unset. */
export const DEFAULT_SETTLEMENT_FLAG_MULTIPLE = 5;

/**
 * SEED_DEMO: `true` or `false`; unset = demo data on the embedded database only, so a production
 * database named by DATABASE_URL never gets the demo accounts and their published passwords unasked.
 */
export function parseSeedDemo(value: string | undefined, hasDatabaseUrl: boolean): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return !hasDatabaseUrl;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new Error(`SEED_DEMO must be true or false, not ${JSON.stringify(value)}`);
}

/** ORDERS_TOTALS_EXACT: true counts the orders list's totals over the orders (default false: from the rollup). */
export function parseOrdersTotalsExact(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  throw new Error(`ORDERS_TOTALS_EXACT must be true or false, not ${JSON.stringify(value)}`);
}

function parseInitialAdmin(env: NodeJS.ProcessEnv): Config['initialAdmin'] {
  const { INITIAL_ADMIN_NAME: name, INITIAL_ADMIN_EMAIL: email, INITIAL_ADMIN_PASSWORD: password } = env;
  if (!name && !email && !password) return undefined;
  if (!name || !email || !password)
    throw new Error('INITIAL_ADMIN_NAME, INITIAL_ADMIN_EMAIL and INITIAL_ADMIN_PASSWORD are set together');
  return { name, email, password };
}

/** Where the database is: the server of DATABASE_URL, else the PGlite folder inside DATA_DIR. */
export function databaseLocation(config: Config): { url?: string; dataDir?: string } {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') };
}

/**
 * JOB_HEARTBEAT_SECONDS, JOB_SWEEP_SECONDS, JOB_LOST_AFTER_SECONDS over the defaults. A job is only
 * judged lost after missing at least two heartbeats, so a slow moment is not taken for a crash.
 */
export function parseJobTiming(env: NodeJS.ProcessEnv): JobTiming {
  const ms = (name: string, fallback: number) => (env[name] ? Number(env[name]) * 1000 : fallback);
  const timing = {
    heartbeatMs: ms('JOB_HEARTBEAT_SECONDS', DEFAULT_JOB_TIMING.heartbeatMs),
    sweepMs: ms('JOB_SWEEP_SECONDS', DEFAULT_JOB_TIMING.sweepMs),
    lostAfterMs: ms('JOB_LOST_AFTER_SECONDS', DEFAULT_JOB_TIMING.lostAfterMs),
  };
  if (!Object.values(timing).every((v) => Number.isFinite(v) && v > 0))
    throw new Error('JOB_*_SECONDS must be positive numbers');
  if (timing.lostAfterMs < 2 * timing.heartbeatMs)
    throw new Error('JOB_LOST_AFTER_SECONDS must be at least twice JOB_HEARTBEAT_SECONDS');
  return timing;
}

/** IMPORT_MAX_* over DEFAULT_IMPORT_LIMITS (sizes in MB). */
export function parseImportLimits(env: NodeJS.ProcessEnv): ImportLimits {
  const setting = (name: string, fallback: number, unit = 1) => positiveSetting(env, name, fallback, unit);
  const d = DEFAULT_IMPORT_LIMITS;
  return {
    uploadBytes: setting('IMPORT_MAX_UPLOAD_MB', d.uploadBytes, MB),
    partBytes: setting('IMPORT_MAX_PART_MB', d.partBytes, MB),
    unpackedBytes: setting('IMPORT_MAX_UNPACKED_MB', d.unpackedBytes, MB),
    ratio: setting('IMPORT_MAX_RATIO', d.ratio),
    parts: setting('IMPORT_MAX_PARTS', d.parts),
    rows: setting('IMPORT_MAX_ROWS', d.rows),
  };
}

/** The setting `name` as a whole number of at least 1 (times `unit`, then rounded down), or `fallback` when unset. */
function positiveSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = 1): number {
  if (!env[name]) return fallback;
  const value = Math.floor(Number(env[name]) * unit);
  if (!(Number.isFinite(value) && value >= 1))
    throw new Error(`${name} must be a positive number (at least 1)`);
  return value;
}

/** TRUST_PROXY: unset/`false` = off, `true`, a hop count (`1`), or a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) || false;
  return text;
}

/** Without JWT_SECRET a random secret is kept in the data folder so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function defaultWebDist(): string | undefined {
  const candidate = resolve('apps/web/dist');
  return existsSync(join(candidate, 'index.html')) ? candidate : undefined;
}
