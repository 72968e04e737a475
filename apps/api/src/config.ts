import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  seedDemo: boolean;
  logLevel: string;
  /** The one account name allowed to confirm order refunds (SPEC.md §6); default the demo super admin. */
  refundAdmin?: string;
  /** Key the shop platform sends in `x-api-key` to POST /api/orders/ingest; unset = admins only. */
  ordersIngestKey?: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (login throttle, audit):
   * false (default) = none, the socket address counts; true = any; a number = that many nearest hops;
   * a string = comma list of proxy addresses/CIDRs (`loopback`, `10.0.0.0/8`, …).
   */
  trustProxy?: TrustProxy;
}

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
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    refundAdmin: env.REFUND_ADMIN || 'admin',
    ordersIngestKey: env.ORDERS_INGEST_KEY || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
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
