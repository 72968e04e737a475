import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_IDLE_MS } from './platform/db/client';
import type { QueryTimeouts } from './platform/db/query-timeout';
import type { MailSettings } from './platform/mail/mailer';
import {
  isProxyAddress,
  mailAddress,
  postgresUrl,
  postgresUrls,
  shownUrl,
  smtpUrl,
  timeZoneName,
  webUrl,
} from './platform/settings/readers';
import {
  flag,
  oneOf,
  parseSettings,
  positiveNumber,
  setting,
  text,
  wholeNumber,
} from './platform/settings/setting';

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
  /** ADMIN_2FA=required: administrators sign in with a second factor, and set it up before anything else. */
  adminTwoFactor?: boolean;
  /** Streaming replicas taking the heavy reads (DATABASE_READ_URL and DB_READ_*); unset: none. */
  readReplicas?: { urls: string[]; maxLagMs: number; pollMs: number };
  /** Most connections to PostgreSQL per process (DB_POOL_MAX). */
  dbPoolMax?: number;
  /** How long an unused PostgreSQL connection stays open (DB_POOL_IDLE_MS). */
  dbPoolIdleMs?: number;
  /** How long a request waits for a new PostgreSQL connection before it fails (DB_CONNECT_TIMEOUT_MS). */
  dbConnectTimeoutMs?: number;
  /** Start-up tries to reach PostgreSQL this many times (DB_START_ATTEMPTS), pausing DB_START_DELAY_MS, doubled each time up to 5 s. */
  dbStartAttempts?: number;
  /**
   * The server's statements on PostgreSQL are stopped after this long (DB_STATEMENT_TIMEOUT_MS, 0: never), so a
   * pathological request cannot hold a connection; migrations and settlement runs are exempt.
   */
  dbStatementTimeoutMs?: number;
  /**
   * How long the server waits for PostgreSQL to answer a query before it drops the connection (DB_QUERY_TIMEOUT_MS,
   * 0: never), so a silent database host fails a request with 503 instead of holding it for ever; long work
   * (settlement runs, tree moves) waits up to DB_LONG_QUERY_TIMEOUT_MS instead, migrations without end.
   */
  dbQueryTimeouts?: QueryTimeouts;
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
  /** SMTP_URL and MAIL_FROM: how the server sends mail (platform/mail/mailer.ts); unset = no mail. */
  mail?: MailSettings;
  /** PUBLIC_URL: where people open the back-office, for the links mail carries (set with SMTP_URL). */
  publicUrl?: string;
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

/** Sign-ins checking a password at once per process unless SIGN_IN_LIMIT says otherwise: 16 hashes' wait, ~4 s. */
export const DEFAULT_SIGN_IN_LIMIT = 16;

/**
 * A query's answer is awaited 5 s past the statement timeout, so a statement the server stops itself answers
 * "took too long" on a connection that goes on serving; a statement of long work may run 10 minutes.
 */
export const DEFAULT_QUERY_TIMEOUTS: QueryTimeouts = { ms: 65_000, longMs: 600_000 };

/** Days a dry run's list is kept when DRY_RUN_LIST_DAYS is unset. */
export const DEFAULT_DRY_RUN_LIST_DAYS = 30;

/** How many times their previous period's amount a receiver may be due before a review flags them, when unset. */
export const DEFAULT_SETTLEMENT_FLAG_MULTIPLE = 5;

const MS = 'milliseconds';
const SECONDS = 'seconds';
const imports = DEFAULT_IMPORT_LIMITS;
const jobs = DEFAULT_JOB_TIMING;
const INITIAL_ADMIN = ['INITIAL_ADMIN_NAME', 'INITIAL_ADMIN_EMAIL', 'INITIAL_ADMIN_PASSWORD'] as const;

/**
 * Every setting (environment variable), checked all at once when the server starts, before it opens the
 * database: each variable it cannot take is refused by name with what it accepts. docs/operations.md
 * ("Settings") lists them with their defaults; a unit test holds the two together.
 */
export const SETTINGS = z
  .object({
    PORT: wholeNumber(3000, { min: 0, max: 65_535 }),
    HOST: text('0.0.0.0', { accepts: 'an address or host name to listen on' }),
    DATABASE_URL: setting({
      doc: {
        default: 'unset (embedded PGlite)',
        accepts: 'a URL such as postgres://user:password@host:5432/database',
      },
      read: postgresUrl,
      fallback: undefined,
      show: shownUrl,
    }),
    DATABASE_READ_URL: setting({
      doc: {
        default: 'unset (every read on DATABASE_URL)',
        accepts: 'one or more URLs of streaming replicas of DATABASE_URL, separated by commas',
      },
      read: postgresUrls,
      fallback: undefined,
      show: (text) => text.split(',').map(shownUrl).join(', '),
    }),
    DB_READ_MAX_LAG_MS: wholeNumber(5000, { min: 0, unit: MS }),
    DB_READ_POLL_MS: wholeNumber(500, { min: 10, unit: MS }),
    DATA_DIR: setting({
      doc: { default: 'data', accepts: 'a folder' },
      read: resolve,
      fallback: resolve('data'),
    }),
    JWT_SECRET: setting({
      doc: {
        default: 'generated into DATA_DIR on the embedded database; required with DATABASE_URL',
        accepts: 'a text of at least 32 bytes',
      },
      read: (secret) => (Buffer.byteLength(secret) >= 32 ? secret : undefined),
      fallback: undefined,
      show: (secret) => `${Buffer.byteLength(secret)} bytes`,
    }),
    TOKEN_TTL_SECONDS: wholeNumber(12 * 3600, { min: 60, unit: SECONDS }),
    SHOP_URL: setting({
      doc: { default: 'https://shop.example.com', accepts: 'an http:// or https:// URL' },
      read: webUrl,
      fallback: 'https://shop.example.com',
    }),
    WEB_DIST: setting({
      doc: {
        default: 'apps/web/dist when it holds a built index.html, else none',
        accepts: 'a folder holding the built web app (its index.html), or blank for none',
      },
      read: builtWebApp,
      fallback: builtWebApp('apps/web/dist'),
      blank: { value: undefined },
    }),
    SEED_DEMO: flag(undefined, 'true on the embedded database, false with DATABASE_URL'),
    INITIAL_ADMIN_NAME: text(undefined, { accepts: 'an account name' }),
    INITIAL_ADMIN_EMAIL: text(undefined, { accepts: 'an e-mail address' }),
    INITIAL_ADMIN_PASSWORD: text(undefined, { accepts: 'a password' }),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    LOG_SLOW_MS: wholeNumber(1000, { min: 0, unit: MS }),
    REFUND_ADMIN: text('admin', { accepts: 'an account name' }),
    ORDERS_INGEST_KEY: text(undefined),
    TRUST_PROXY: setting({
      doc: {
        default: 'false',
        accepts:
          'true, false, a hop count, or a comma list of proxy addresses and CIDRs (loopback, 10.0.0.0/8…)',
      },
      read: parseTrustProxy,
      fallback: false,
    }),
    METRICS: flag(false),
    METRICS_TOKEN: text(undefined),
    ADMIN_2FA: oneOf(['off', 'required'], 'off'),
    DB_POOL_MAX: wholeNumber(10, { min: 1 }),
    DB_POOL_IDLE_MS: wholeNumber(DEFAULT_POOL_IDLE_MS, { min: 0, unit: MS }),
    DB_CONNECT_TIMEOUT_MS: wholeNumber(5000, { min: 1, unit: MS }),
    DB_STATEMENT_TIMEOUT_MS: wholeNumber(60_000, { min: 0, unit: MS }),
    DB_QUERY_TIMEOUT_MS: wholeNumber(DEFAULT_QUERY_TIMEOUTS.ms, { min: 0, unit: MS }),
    DB_LONG_QUERY_TIMEOUT_MS: wholeNumber(DEFAULT_QUERY_TIMEOUTS.longMs, { min: 0, unit: MS }),
    DB_START_ATTEMPTS: wholeNumber(8, { min: 1 }),
    DB_START_DELAY_MS: wholeNumber(1000, { min: 0, unit: MS }),
    SHUTDOWN_GRACE_MS: wholeNumber(20_000, { min: 0, unit: MS }),
    JOB_HEARTBEAT_SECONDS: positiveNumber(jobs.heartbeatMs / 1000, SECONDS),
    JOB_SWEEP_SECONDS: positiveNumber(jobs.sweepMs / 1000, SECONDS),
    JOB_LOST_AFTER_SECONDS: positiveNumber(jobs.lostAfterMs / 1000, SECONDS),
    IMPORT_MAX_UPLOAD_MB: positiveNumber(imports.uploadBytes / MB, 'megabytes'),
    IMPORT_MAX_PART_MB: positiveNumber(imports.partBytes / MB, 'megabytes'),
    IMPORT_MAX_UNPACKED_MB: positiveNumber(imports.unpackedBytes / MB, 'megabytes'),
    IMPORT_MAX_RATIO: positiveNumber(imports.ratio),
    IMPORT_MAX_PARTS: wholeNumber(imports.parts, { min: 1 }),
    IMPORT_MAX_ROWS: wholeNumber(imports.rows, { min: 1 }),
    SIGN_IN_LIMIT: wholeNumber(DEFAULT_SIGN_IN_LIMIT, { min: 1 }),
    DRY_RUN_LIST_DAYS: wholeNumber(DEFAULT_DRY_RUN_LIST_DAYS, { min: 1, unit: 'days' }),
    SETTLEMENT_FLAG_MULTIPLE: wholeNumber(DEFAULT_SETTLEMENT_FLAG_MULTIPLE, { min: 1 }),
    BUSINESS_TIME_ZONE: setting({
      doc: {
        default: 'unset (the database keeps its zone)',
        accepts: 'an IANA time zone name such as Asia/Hong_Kong or UTC',
      },
      read: timeZoneName,
      fallback: undefined,
    }),
    ORDERS_TOTALS_EXACT: flag(false),
    SMTP_URL: setting({
      doc: {
        default: 'unset (no mail)',
        accepts: 'a URL such as smtp://user:password@mail.example.com:587 (smtp:// or smtps://)',
      },
      read: smtpUrl,
      fallback: undefined,
      show: shownUrl,
    }),
    MAIL_FROM: setting({
      doc: {
        default: 'unset; required with SMTP_URL',
        accepts: 'an e-mail address, alone or as Name <address>',
      },
      read: mailAddress,
      fallback: undefined,
    }),
    PUBLIC_URL: setting({
      doc: {
        default: 'unset; required with SMTP_URL',
        accepts: 'an http:// or https:// URL',
      },
      read: (text) => webUrl(text)?.replace(/\/+$/, ''),
      fallback: undefined,
    }),
  })
  .superRefine((settings, ctx) => {
    if (settings.DATABASE_READ_URL && !settings.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'needs DATABASE_URL: replicas are of a PostgreSQL server, not of the embedded database',
      });
    const missing = INITIAL_ADMIN.filter((name) => settings[name] === undefined);
    if (missing.length > 0 && missing.length < INITIAL_ADMIN.length)
      for (const name of missing)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set too: ${INITIAL_ADMIN.join(', ')} are set together`,
        });
    // A job is only judged lost after missing two heartbeats, so a slow moment is not taken for a crash.
    const { JOB_HEARTBEAT_SECONDS: heartbeat, JOB_LOST_AFTER_SECONDS: lostAfter } = settings;
    if (lostAfter < 2 * heartbeat)
      ctx.addIssue({
        code: 'custom',
        path: ['JOB_LOST_AFTER_SECONDS'],
        message: `must be at least twice JOB_HEARTBEAT_SECONDS (${heartbeat}), got ${lostAfter}`,
      });
    // Mail needs a sender, and links in it an address the reader can open (never one a request's Host names).
    if (settings.SMTP_URL)
      for (const name of ['MAIL_FROM', 'PUBLIC_URL'] as const)
        if (!settings[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with SMTP_URL' });
  });

type Settings = z.output<typeof SETTINGS>;

/**
 * The server's settings: SETTINGS, and a JWT_SECRET shared by every process of a PostgreSQL database. Without
 * it each would sign with a secret of its own and refuse the others' tokens (docs/operations.md, "Settings").
 */
const SERVER_SETTINGS = SETTINGS.superRefine((settings, ctx) => {
  if (settings.DATABASE_URL && !settings.JWT_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message:
        'must be set with DATABASE_URL, the same on every process (at least 32 bytes: openssl rand -hex 32), ' +
        'or each process signs with a secret of its own and refuses the tokens of the others',
    });
});

/** The server's configuration from the environment; a setting it cannot take throws a SettingsError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = parseSettings(SERVER_SETTINGS, env);
  return {
    port: settings.PORT,
    host: settings.HOST,
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    jwtSecret: settings.JWT_SECRET ?? persistentSecret(settings.DATA_DIR),
    tokenTtlSeconds: settings.TOKEN_TTL_SECONDS,
    shopUrl: settings.SHOP_URL,
    webDist: settings.WEB_DIST,
    seedDemo: settings.SEED_DEMO ?? !settings.DATABASE_URL,
    initialAdmin: initialAdmin(settings),
    logLevel: settings.LOG_LEVEL,
    slowRequestMs: settings.LOG_SLOW_MS,
    refundAdmin: settings.REFUND_ADMIN,
    ordersIngestKey: settings.ORDERS_INGEST_KEY,
    trustProxy: settings.TRUST_PROXY,
    metrics: settings.METRICS,
    metricsToken: settings.METRICS_TOKEN,
    adminTwoFactor: settings.ADMIN_2FA === 'required',
    readReplicas: settings.DATABASE_READ_URL && {
      urls: settings.DATABASE_READ_URL,
      maxLagMs: settings.DB_READ_MAX_LAG_MS,
      pollMs: settings.DB_READ_POLL_MS,
    },
    dbPoolMax: settings.DB_POOL_MAX,
    dbPoolIdleMs: settings.DB_POOL_IDLE_MS,
    dbConnectTimeoutMs: settings.DB_CONNECT_TIMEOUT_MS,
    dbStartAttempts: settings.DB_START_ATTEMPTS,
    dbStatementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
    dbQueryTimeouts: { ms: settings.DB_QUERY_TIMEOUT_MS, longMs: settings.DB_LONG_QUERY_TIMEOUT_MS },
    dbStartDelayMs: settings.DB_START_DELAY_MS,
    shutdownGraceMs: settings.SHUTDOWN_GRACE_MS,
    jobTiming: {
      heartbeatMs: settings.JOB_HEARTBEAT_SECONDS * 1000,
      sweepMs: settings.JOB_SWEEP_SECONDS * 1000,
      lostAfterMs: settings.JOB_LOST_AFTER_SECONDS * 1000,
    },
    importLimits: {
      uploadBytes: Math.floor(settings.IMPORT_MAX_UPLOAD_MB * MB),
      partBytes: Math.floor(settings.IMPORT_MAX_PART_MB * MB),
      unpackedBytes: Math.floor(settings.IMPORT_MAX_UNPACKED_MB * MB),
      ratio: settings.IMPORT_MAX_RATIO,
      parts: settings.IMPORT_MAX_PARTS,
      rows: settings.IMPORT_MAX_ROWS,
    },
    ordersTotals: { exact: settings.ORDERS_TOTALS_EXACT },
    dryRunListDays: settings.DRY_RUN_LIST_DAYS,
    settlementFlagMultiple: settings.SETTLEMENT_FLAG_MULTIPLE,
    signInLimit: settings.SIGN_IN_LIMIT,
    businessTimeZone: settings.BUSINESS_TIME_ZONE,
    mail:
      settings.SMTP_URL && settings.MAIL_FROM
        ? { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM }
        : undefined,
    publicUrl: settings.PUBLIC_URL,
  };
}

/**
 * Where `npm run admin` and `npm run seed` find the database: every setting is checked as at a start, but they
 * sign no tokens, so JWT_SECRET is not needed.
 */
export function loadDatabaseLocation(env: NodeJS.ProcessEnv = process.env): {
  url?: string;
  dataDir?: string;
} {
  const settings = parseSettings(SETTINGS, env);
  return databaseLocation({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
}

function initialAdmin(settings: Settings): Config['initialAdmin'] {
  const { INITIAL_ADMIN_NAME: name, INITIAL_ADMIN_EMAIL: email, INITIAL_ADMIN_PASSWORD: password } = settings;
  return name && email && password ? { name, email, password } : undefined;
}

/** The one account allowed to confirm order refunds (REFUND_ADMIN; the demo's super administrator by default). */
export const refundAdmin = (config: Config): string => config.refundAdmin ?? 'admin';

/** Where the database is: the server of DATABASE_URL, else the PGlite folder inside DATA_DIR. */
export function databaseLocation(config: Pick<Config, 'databaseUrl' | 'dataDir'>): {
  url?: string;
  dataDir?: string;
} {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') };
}

/**
 * TRUST_PROXY: unset, blank or `false` = off, `true`, a hop count (`1`; `0` = off), or a comma list of proxy
 * addresses/CIDRs; undefined for a text that is none of these.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) || false;
  return text.split(',').every((entry) => isProxyAddress(entry.trim())) ? text : undefined;
}

/** Without JWT_SECRET on the embedded database, a random secret is kept in the data folder so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The folder of a built web app (it holds index.html), or undefined. */
function builtWebApp(folder: string): string | undefined {
  const candidate = resolve(folder);
  return existsSync(join(candidate, 'index.html')) ? candidate : undefined;
}
