import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';

let database: Database;
/** Straight on the socket (TRUST_PROXY unset), and behind one trusted proxy. */
let direct: FastifyInstance;
let proxied: FastifyInstance;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>web app</title>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  database = await createTestDatabase();
  const start = async (config: Partial<Config>) => {
    const app = await buildApp({ db: database.db, config: { ...testConfig(), webDist, ...config } });
    await app.ready();
    return app;
  };
  direct = await start({});
  proxied = await start({ trustProxy: 1 });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await database?.close();
});

/** The Content-Security-Policy of an answer, directive by directive. */
function policyOf(headers: Record<string, unknown>): Record<string, string[]> {
  const text = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    text
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

function expectAppHeaders(headers: Record<string, unknown>) {
  const policy = policyOf(headers);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

const get = (app: FastifyInstance, url: string, headers: InjectOptions['headers'] = {}) =>
  app.inject({ url, headers });

describe('security headers', () => {
  it('come with the web app, its files, /api answers and error envelopes', async () => {
    const spa = await get(direct, '/members/list');
    expect(spa.body).toContain('<title>web app</title>');
    expectAppHeaders(spa.headers);

    const asset = await get(direct, '/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expectAppHeaders(asset.headers);

    const answer = await get(direct, '/api/openapi.json');
    expect(answer.statusCode).toBe(200);
    expectAppHeaders(answer.headers);

    const unauthorised = await get(direct, '/api/me');
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.json()).toMatchObject({ code: 401, data: null });
    expectAppHeaders(unauthorised.headers);

    const missing = await get(direct, '/api/no-such-route');
    expect(missing.json()).toMatchObject({ code: 404, data: null });
    expectAppHeaders(missing.headers);
  });

  it('come with the answers refused before routing (a bad or over-long URL), which carry their request id too', async () => {
    for (const [url, status] of [
      ['/api/orders/item/a%zz', 400],
      [`/api/orders/item/${'x'.repeat(200)}`, 414],
    ] as const) {
      const refused = await get(direct, url, { 'x-request-id': 'req-42' });
      expect(refused.statusCode).toBe(status);
      expect(refused.json()).toMatchObject({ code: status, data: null });
      expectAppHeaders(refused.headers);
      expect(refused.headers['x-request-id']).toBe('req-42');
    }
  });

  it('ask for HTTPS only on a request that came over TLS, as a trusted proxy reports it', async () => {
    expect((await get(direct, '/healthz')).headers['strict-transport-security']).toBeUndefined();
    expect((await get(proxied, '/healthz')).headers['strict-transport-security']).toBeUndefined();

    const overTls = await get(proxied, '/api/me', { 'x-forwarded-proto': 'https' });
    expect(overTls.statusCode).toBe(401);
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const claimed = await get(direct, '/healthz', { 'x-forwarded-proto': 'https' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('let the API reference run its inline start-up script, by its hash only, and still forbid framing', async () => {
    const page = await get(direct, '/api/docs/');
    expect(page.statusCode).toBe(200);
    const inline = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(inline).toContain('createApiReference');
    const hash = `'sha256-${createHash('sha256')
      .update(inline ?? '')
      .digest('base64')}'`;
    const policy = policyOf(page.headers);
    expect(policy['script-src']).toEqual(["'self'", hash]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');

    const bundle = await get(direct, '/api/docs/js/scalar.js');
    expect(policyOf(bundle.headers)['script-src']).toEqual(["'self'"]);
  });
});
