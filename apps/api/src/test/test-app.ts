import type { Envelope, Locale } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import type { Config } from '../config';
import type { Database, Db } from '../platform/db/client';
import type { JobHost } from '../platform/jobs/job-host';
import { TestFactory } from './factory';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface ApiResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
  raw: Buffer;
}

export interface RequestOptions {
  token?: string | null;
  locale?: Locale;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** A cheap scrypt so tests that make accounts stay fast (passwords.api.test.ts proves the production default). */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

export const testConfig = (): Config => ({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: '/nonexistent',
  jwtSecret: 'test-secret-test-secret-test-secret',
  tokenTtlSeconds: 3600,
  shopUrl: 'https://shop.test',
  webDist: undefined,
  seedDemo: false,
  logLevel: 'silent',
  passwordCost: TEST_PASSWORD_COST,
  // Tests send sign-ins in bursts to check the throttle; the limit on sign-ins at once has its own test.
  signInLimit: 1_000,
});

/** One API on its own fresh database, driven through Fastify's inject (real routing, validation and SQL). */
export class TestApi {
  private constructor(
    readonly app: FastifyInstance,
    readonly database: Database,
    readonly factory: TestFactory,
  ) {}

  /** `logStream` receives the app's log lines (at `config.logLevel`) for a test to read. */
  static async start(config: Partial<Config> = {}, logStream?: BuildOptions['logStream']): Promise<TestApi> {
    return TestApi.open(await createTestDatabase(), config, logStream);
  }

  /** The app on a database already opened (and prepared); closing the TestApi closes it. */
  static async open(
    database: TestDatabase,
    config: Partial<Config> = {},
    logStream?: BuildOptions['logStream'],
  ): Promise<TestApi> {
    const app = await buildApp({
      db: database.db,
      replicas: database.replicas,
      config: { ...testConfig(), ...config },
      logStream,
    });
    await app.ready();
    return new TestApi(app, database, new TestFactory(database.db));
  }

  get db(): Db {
    return this.database.db;
  }

  /** The app's job host (start jobs in this process, sweep). */
  get jobs(): JobHost {
    return this.app.appContext.jobs;
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.database.close();
  }

  async request<T = unknown>(
    method: string,
    url: string,
    payload?: unknown,
    opts: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.locale) headers.locale = opts.locale;
    const query = opts.query
      ? Object.fromEntries(
          Object.entries(opts.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      query,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return {
      status: res.statusCode,
      body: isJson ? res.json() : (null as never),
      headers: res.headers,
      raw: res.rawPayload,
    };
  }

  get = <T = unknown>(url: string, opts?: RequestOptions) => this.request<T>('GET', url, undefined, opts);
  post = <T = unknown>(url: string, body?: unknown, opts?: RequestOptions) =>
    this.request<T>('POST', url, body ?? {}, opts);
  put = <T = unknown>(url: string, body?: unknown, opts?: RequestOptions) =>
    this.request<T>('PUT', url, body ?? {}, opts);
  delete = <T = unknown>(url: string, opts?: RequestOptions) =>
    this.request<T>('DELETE', url, undefined, opts);

  /** Signs in through the real login route and returns the token. */
  async login(account: string, password: string): Promise<string> {
    const res = await this.post<{ access_token: string }>('/api/login', { account, password });
    if (res.status !== 200) throw new Error(`login of ${account} failed: ${res.status} ${res.body?.msg}`);
    return res.body.data.access_token;
  }
}
