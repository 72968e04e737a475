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
}

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
  };
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
