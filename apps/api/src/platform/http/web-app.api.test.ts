import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { IMMUTABLE, REVALIDATE } from './web-app';

// A dist laid out as `vite build` leaves it: hashed files under assets/ with their .br and .gz copies
// (apps/web/build/precompress.ts); index.html too small to be worth a copy.
const INDEX =
  '<!doctype html><title>web app</title><script type="module" src="/assets/index-AbC123.js"></script>';
const SCRIPT = `export const words = ${JSON.stringify('first page '.repeat(400))};\n`;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  mkdirSync(join(webDist, 'assets'));
  const script = join(webDist, 'assets', 'index-AbC123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(join(webDist, 'assets', 'tiny-Xy9.css'), 'a{color:red}');
  database = await createTestDatabase();
  app = await buildApp({ db: database.db, config: { ...testConfig(), webDist } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  it('answers a hashed asset with the stored brotli copy when the browser takes it, gzip otherwise, else as it is', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-AbC123.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const refused = await get('/assets/index-AbC123.js', 'identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);

    for (const answer of [br, gz, plain, refused]) {
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('sends a file without a compressed copy as it is, still cached for good', async () => {
    const css = await get('/assets/tiny-Xy9.css', 'br, gzip');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('a{color:red}');
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has index.html, and the SPA fallback that sends it, revalidated on every load', async () => {
    for (const url of ['/', '/index.html', '/orders/orders', '/description/12']) {
      const page = await get(url, 'gzip, deflate, br');
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
      expect(page.headers['cache-control'], url).toBe(REVALIDATE);
    }
  });

  it('answers HEAD as GET, without the body: on the pages of the app and on its files', async () => {
    for (const url of ['/login', '/orders/orders', '/', '/assets/index-AbC123.js']) {
      const [page, head] = [await get(url), await app.inject({ method: 'HEAD', url })];
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(page.headers['content-type']);
      expect(head.body, url).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('leaves /api answers and their 404 without the static caching', async () => {
    const missing = await get('/api/nothing-here', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});
