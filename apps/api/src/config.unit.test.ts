import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DRY_RUN_LIST_DAYS,
  DEFAULT_IMPORT_LIMITS,
  DEFAULT_JOB_TIMING,
  loadConfig,
  loadDatabaseLocation,
  SETTINGS,
} from './config';
import { SettingsError } from './platform/settings/setting';

const SECRET = 'unit-test-secret-of-thirty-two-bytes';
const load = (env: Record<string, string>) =>
  loadConfig({ JWT_SECRET: SECRET, DATA_DIR: '/nonexistent', ...env });
const URL = 'postgres://app@db.example.com:5432/backoffice';

/** The message of the SettingsError that loading `env` throws. */
function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was taken`);
}

describe('a setting the server cannot take', () => {
  it.each([
    ['TOKEN_TTL_SECONDS', 'abc', 'TOKEN_TTL_SECONDS must be a whole number of seconds ≥ 60, got "abc"'],
    ['TOKEN_TTL_SECONDS', '30', 'TOKEN_TTL_SECONDS must be a whole number of seconds ≥ 60, got "30"'],
    ['PORT', 'abc', 'PORT must be a whole number from 0 to 65535, got "abc"'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535, got "70000"'],
    ['DB_POOL_MAX', '-1', 'DB_POOL_MAX must be a whole number ≥ 1, got "-1"'],
    ['DB_POOL_MAX', '1.5', 'DB_POOL_MAX must be a whole number ≥ 1, got "1.5"'],
    ['DB_POOL_IDLE_MS', '-1', 'DB_POOL_IDLE_MS must be a whole number of milliseconds ≥ 0, got "-1"'],
    [
      'DB_CONNECT_TIMEOUT_MS',
      '0',
      'DB_CONNECT_TIMEOUT_MS must be a whole number of milliseconds ≥ 1, got "0"',
    ],
    ['DB_STATEMENT_TIMEOUT_MS', '1e3', 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds ≥ 0'],
    ['DB_START_ATTEMPTS', '0', 'DB_START_ATTEMPTS must be a whole number ≥ 1, got "0"'],
    ['METRICS', 'maybe', 'METRICS must be true or false (or 1/0, yes/no, on/off), got "maybe"'],
    ['SEED_DEMO', 'sometimes', 'SEED_DEMO must be true or false'],
    ['ORDERS_TOTALS_EXACT', '2', 'ORDERS_TOTALS_EXACT must be true or false'],
    [
      'LOG_LEVEL',
      'loud',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent, got "loud"',
    ],
    ['LOG_SLOW_MS', 'soon', 'LOG_SLOW_MS must be a whole number of milliseconds ≥ 0, got "soon"'],
    ['SHOP_URL', 'shop.example.com', 'SHOP_URL must be an http:// or https:// URL, got "shop.example.com"'],
    ['WEB_DIST', '/nonexistent/dist', 'WEB_DIST must be a folder holding the built web app (its index.html)'],
    ['TRUST_PROXY', 'yes', 'TRUST_PROXY must be true, false, a hop count, or a comma list'],
    ['TRUST_PROXY', '10.0.0.0/33', 'TRUST_PROXY must be'],
    ['JOB_SWEEP_SECONDS', 'soon', 'JOB_SWEEP_SECONDS must be a number of seconds > 0, got "soon"'],
    ['JOB_HEARTBEAT_SECONDS', '0', 'JOB_HEARTBEAT_SECONDS must be a number of seconds > 0, got "0"'],
    ['IMPORT_MAX_RATIO', '0', 'IMPORT_MAX_RATIO must be a number > 0, got "0"'],
    ['IMPORT_MAX_PART_MB', 'lots', 'IMPORT_MAX_PART_MB must be a number of megabytes > 0, got "lots"'],
    ['IMPORT_MAX_ROWS', '10.5', 'IMPORT_MAX_ROWS must be a whole number ≥ 1, got "10.5"'],
    ['SIGN_IN_LIMIT', '0', 'SIGN_IN_LIMIT must be a whole number ≥ 1, got "0"'],
    ['DRY_RUN_LIST_DAYS', '0.5', 'DRY_RUN_LIST_DAYS must be a whole number of days ≥ 1, got "0.5"'],
    ['SETTLEMENT_FLAG_MULTIPLE', 'x', 'SETTLEMENT_FLAG_MULTIPLE must be a whole number ≥ 1, got "x"'],
    [
      'BUSINESS_TIME_ZONE',
      'Mars/Olympus',
      'BUSINESS_TIME_ZONE must be an IANA time zone name such as Asia/Hong_Kong or UTC, got "Mars/Olympus"',
    ],
    [
      'SMTP_URL',
      'mail.example.com',
      'SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587',
    ],
    ['MAIL_FROM', 'Back Office', 'MAIL_FROM must be an e-mail address, alone or as Name <address>'],
    ['PUBLIC_URL', 'office.example.com', 'PUBLIC_URL must be an http:// or https:// URL'],
  ])('%s=%s is refused by name, with what it accepts', (name, value, message) => {
    expect(refusal({ [name]: value })).toContain(message);
  });

  it('names every variable it cannot take at once', () => {
    expect(refusal({ PORT: 'abc', METRICS: 'yess' })).toBe(
      'PORT must be a whole number from 0 to 65535, got "abc"; ' +
        'METRICS must be true or false (or 1/0, yes/no, on/off), got "yess"',
    );
  });

  it('never shows a secret or a password it refuses', () => {
    expect(refusal({ JWT_SECRET: 'short-secret' })).toBe(
      'JWT_SECRET must be a text of at least 32 bytes, got 12 bytes',
    );
    const url = refusal({ DATABASE_URL: 'mysql://app:s3cret@db.example.com/backoffice' });
    expect(url).toBe(
      'DATABASE_URL must be a URL such as postgres://user:password@host:5432/database, got "mysql://app:***@db.example.com/backoffice"',
    );
    expect(refusal({ DATABASE_URL: 'not a url s3cret' })).toContain('got a text that is no URL');
  });
});

describe('mail settings', () => {
  const SMTP = 'smtps://mailer:p%40ss@mail.example.com:465';

  it('are off without SMTP_URL', () => {
    expect(load({ MAIL_FROM: 'noreply@example.com' }).mail).toBeUndefined();
  });

  it('take SMTP_URL with MAIL_FROM and PUBLIC_URL, the URL kept as given and the address without its last slash', () => {
    const config = load({
      SMTP_URL: SMTP,
      MAIL_FROM: 'Back Office <noreply@example.com>',
      PUBLIC_URL: 'https://office.example.com/',
    });
    expect(config.mail).toEqual({ smtpUrl: SMTP, from: 'Back Office <noreply@example.com>' });
    expect(config.publicUrl).toBe('https://office.example.com');
  });

  it('refuse SMTP_URL alone, naming the two it needs', () => {
    expect(refusal({ SMTP_URL: SMTP })).toBe(
      'MAIL_FROM must be set with SMTP_URL; PUBLIC_URL must be set with SMTP_URL',
    );
  });

  it('never show the SMTP password they refuse', () => {
    expect(refusal({ SMTP_URL: 'imap://mailer:s3cret@mail.example.com' })).toContain(
      'got "imap://mailer:***@mail.example.com"',
    );
  });
});

describe('yes-or-no settings', () => {
  it('take true/false, 1/0, yes/no and on/off in any case; blank is the default', () => {
    for (const word of ['true', '1', 'yes', 'on', 'TRUE', 'Yes', ' on '])
      expect(load({ METRICS: word }).metrics).toBe(true);
    for (const word of ['false', '0', 'no', 'off', 'OFF'])
      expect(load({ METRICS: word }).metrics).toBe(false);
    expect(load({ METRICS: '' }).metrics).toBe(false);
    expect(load({ ORDERS_TOTALS_EXACT: 'on' }).ordersTotals).toEqual({ exact: true });
    expect(() => load({ METRICS: 'constructor' })).toThrow(SettingsError);
  });
});

describe('defaults', () => {
  it('are what docs/operations.md lists', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      tokenTtlSeconds: 43_200,
      metrics: false,
      dbPoolMax: 10,
      dbPoolIdleMs: 600_000,
      dbConnectTimeoutMs: 5000,
      dbStatementTimeoutMs: 60_000,
      logLevel: 'info',
      trustProxy: false,
      refundAdmin: 'admin',
      jobTiming: DEFAULT_JOB_TIMING,
      importLimits: DEFAULT_IMPORT_LIMITS,
      dryRunListDays: DEFAULT_DRY_RUN_LIST_DAYS,
    });
  });
});

describe('SEED_DEMO', () => {
  it('loads the demo by default on the embedded database only', () => {
    expect(load({}).seedDemo).toBe(true);
    expect(load({ DATABASE_URL: URL }).seedDemo).toBe(false);
  });

  it('loads it on a PostgreSQL server when asked, and can be turned off anywhere', () => {
    expect(load({ DATABASE_URL: URL, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(load({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(load({ DATABASE_URL: URL, SEED_DEMO: '' }).seedDemo).toBe(false);
  });
});

describe('BUSINESS_TIME_ZONE', () => {
  it('is unset by default (the database keeps its zone), and takes an IANA name in the runtime’s spelling', () => {
    expect(load({}).businessTimeZone).toBeUndefined();
    expect(load({ BUSINESS_TIME_ZONE: ' ' }).businessTimeZone).toBeUndefined();
    expect(load({ BUSINESS_TIME_ZONE: 'Asia/Hong_Kong' }).businessTimeZone).toBe('Asia/Hong_Kong');
    expect(load({ BUSINESS_TIME_ZONE: 'america/new_york' }).businessTimeZone).toBe('America/New_York');
  });

  it('refuses an offset (PostgreSQL reads those the other way round)', () => {
    expect(refusal({ BUSINESS_TIME_ZONE: '+08:00' })).toContain('BUSINESS_TIME_ZONE must be');
  });
});

describe('INITIAL_ADMIN_*', () => {
  it('are taken together or not at all', () => {
    const all = {
      INITIAL_ADMIN_NAME: 'boss',
      INITIAL_ADMIN_EMAIL: 'b@example.com',
      INITIAL_ADMIN_PASSWORD: 'pw123456',
    };
    expect(load(all).initialAdmin).toEqual({ name: 'boss', email: 'b@example.com', password: 'pw123456' });
    expect(load({}).initialAdmin).toBeUndefined();
    expect(refusal({ INITIAL_ADMIN_NAME: 'boss' })).toBe(
      'INITIAL_ADMIN_EMAIL must be set too: INITIAL_ADMIN_NAME, INITIAL_ADMIN_EMAIL, INITIAL_ADMIN_PASSWORD are set together; ' +
        'INITIAL_ADMIN_PASSWORD must be set too: INITIAL_ADMIN_NAME, INITIAL_ADMIN_EMAIL, INITIAL_ADMIN_PASSWORD are set together',
    );
  });
});

describe('job timing settings', () => {
  it('read the JOB_*_SECONDS variables, fractions allowed', () => {
    const env = { JOB_HEARTBEAT_SECONDS: '2', JOB_SWEEP_SECONDS: '0.5', JOB_LOST_AFTER_SECONDS: '5' };
    expect(load(env).jobTiming).toEqual({ heartbeatMs: 2000, sweepMs: 500, lostAfterMs: 5000 });
  });

  it('refuse a bound that one late heartbeat would cross', () => {
    expect(refusal({ JOB_LOST_AFTER_SECONDS: '15' })).toBe(
      'JOB_LOST_AFTER_SECONDS must be at least twice JOB_HEARTBEAT_SECONDS (10), got 15',
    );
  });
});

describe('import limits', () => {
  it('read IMPORT_MAX_* (sizes in MB)', () => {
    expect(load({ IMPORT_MAX_UPLOAD_MB: '5', IMPORT_MAX_ROWS: '20000' }).importLimits).toEqual({
      ...DEFAULT_IMPORT_LIMITS,
      uploadBytes: 5 * 1024 * 1024,
      rows: 20_000,
    });
  });
});

describe('JWT_SECRET', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('is refused when PostgreSQL is named without it: every process of the database must share one', () => {
    expect(() => loadConfig({ DATABASE_URL: URL })).toThrow(
      /^JWT_SECRET must be set with DATABASE_URL, the same on every process \(at least 32 bytes/,
    );
  });

  it('is generated once into DATA_DIR on the embedded database, and kept', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'config-test-'));
    const secret = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(secret);
  });

  it('is not needed by the commands, which sign no tokens; they check every other setting', () => {
    expect(loadDatabaseLocation({ DATABASE_URL: URL })).toEqual({ url: URL });
    expect(() => loadDatabaseLocation({ DATABASE_URL: URL, DB_POOL_MAX: '-1' })).toThrow(
      'DB_POOL_MAX must be a whole number ≥ 1, got "-1"',
    );
  });
});

describe('the environment', () => {
  it('is read through SETTINGS alone', () => {
    const read = new Set<string>();
    const env = new Proxy({} as NodeJS.ProcessEnv, {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return name === 'JWT_SECRET' ? SECRET : undefined;
      },
    });
    loadConfig(env);
    expect([...read].filter((name) => !(name in SETTINGS.shape))).toEqual([]);
  });
});
