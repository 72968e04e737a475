import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRY_RUN_LIST_DAYS,
  DEFAULT_IMPORT_LIMITS,
  DEFAULT_JOB_TIMING,
  loadConfig,
  parseImportLimits,
  parseJobTiming,
} from './config';

const load = (env: Record<string, string>) =>
  loadConfig({ JWT_SECRET: 'unit-test-secret', DATA_DIR: '/nonexistent', ...env });
const URL = 'postgres://app@db.example.com:5432/backoffice';

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

  it('refuses a value that is neither true nor false rather than guessing', () => {
    expect(() => load({ DATABASE_URL: URL, SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO must be true or false/);
  });
});

describe('BUSINESS_TIME_ZONE', () => {
  it('is unset by default (the database keeps its zone), and takes an IANA name in the runtime’s spelling', () => {
    expect(load({}).businessTimeZone).toBeUndefined();
    expect(load({ BUSINESS_TIME_ZONE: ' ' }).businessTimeZone).toBeUndefined();
    expect(load({ BUSINESS_TIME_ZONE: 'Asia/Hong_Kong' }).businessTimeZone).toBe('Asia/Hong_Kong');
    expect(load({ BUSINESS_TIME_ZONE: 'america/new_york' }).businessTimeZone).toBe('America/New_York');
  });

  it('refuses a name the runtime does not know, and an offset (PostgreSQL reads those the other way round)', () => {
    expect(() => load({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'BUSINESS_TIME_ZONE must be an IANA time zone name such as Asia/Hong_Kong or UTC, not "Mars/Olympus"',
    );
    expect(() => load({ BUSINESS_TIME_ZONE: '+08:00' })).toThrow(/BUSINESS_TIME_ZONE must be/);
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
    expect(() => load({ INITIAL_ADMIN_NAME: 'boss' })).toThrow(/set together/);
  });
});

describe('job timing settings', () => {
  it('defaults to a 10 s heartbeat, a 20 s sweep and 30 s before a silent job is failed', () => {
    expect(parseJobTiming({})).toEqual(DEFAULT_JOB_TIMING);
    expect(DEFAULT_JOB_TIMING).toEqual({ heartbeatMs: 10_000, sweepMs: 20_000, lostAfterMs: 30_000 });
  });

  it('reads the JOB_*_SECONDS variables', () => {
    const env = { JOB_HEARTBEAT_SECONDS: '2', JOB_SWEEP_SECONDS: '0.5', JOB_LOST_AFTER_SECONDS: '5' };
    expect(parseJobTiming(env)).toEqual({ heartbeatMs: 2000, sweepMs: 500, lostAfterMs: 5000 });
  });

  it('refuses a bound that one late heartbeat would cross, and values that are no positive number', () => {
    expect(() => parseJobTiming({ JOB_LOST_AFTER_SECONDS: '15' })).toThrow(/twice/);
    expect(() => parseJobTiming({ JOB_SWEEP_SECONDS: 'soon' })).toThrow(/positive/);
    expect(() => parseJobTiming({ JOB_HEARTBEAT_SECONDS: '0' })).toThrow(/positive/);
  });
});

describe('import limits', () => {
  it('default to what lets a 100,000-row order export import back, and read IMPORT_MAX_* (sizes in MB)', () => {
    expect(load({}).importLimits).toEqual(DEFAULT_IMPORT_LIMITS);
    expect(parseImportLimits({ IMPORT_MAX_UPLOAD_MB: '5', IMPORT_MAX_ROWS: '20000' })).toEqual({
      ...DEFAULT_IMPORT_LIMITS,
      uploadBytes: 5 * 1024 * 1024,
      rows: 20_000,
    });
  });

  it('refuses a value that is no positive number', () => {
    expect(() => parseImportLimits({ IMPORT_MAX_RATIO: '0' })).toThrow(
      /IMPORT_MAX_RATIO must be a positive number/,
    );
    expect(() => parseImportLimits({ IMPORT_MAX_PART_MB: 'lots' })).toThrow(/positive/);
  });
});

describe('DRY_RUN_LIST_DAYS', () => {
  it('keeps dry-run lists 30 days unless set, and refuses what is not a whole number of days', () => {
    expect(load({}).dryRunListDays).toBe(DEFAULT_DRY_RUN_LIST_DAYS);
    expect(DEFAULT_DRY_RUN_LIST_DAYS).toBe(30);
    expect(load({ DRY_RUN_LIST_DAYS: '7' }).dryRunListDays).toBe(7);
    expect(() => load({ DRY_RUN_LIST_DAYS: '0.5' })).toThrow(/DRY_RUN_LIST_DAYS must be a positive number/);
    expect(() => load({ DRY_RUN_LIST_DAYS: 'never' })).toThrow(/positive/);
  });
});

describe('ORDERS_TOTALS_EXACT', () => {
  it('forces exact totals only when true, and refuses anything but true or false', () => {
    expect(load({}).ordersTotals).toEqual({ exact: false });
    expect(load({ ORDERS_TOTALS_EXACT: 'false' }).ordersTotals).toEqual({ exact: false });
    expect(load({ ORDERS_TOTALS_EXACT: 'true' }).ordersTotals).toEqual({ exact: true });
    expect(() => load({ ORDERS_TOTALS_EXACT: '1' })).toThrow(/ORDERS_TOTALS_EXACT must be true or false/);
  });
});
