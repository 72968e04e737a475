/**
 * The web app's first page in a real browser (on demand: `npm run bench -- first-page`, never a timed test).
 * docs/performance/web.md: the login page interactive < 400 ms on a cold cache. One real API process
 * (bench/outside.ts) serves the built web app (`npm run build -w apps/web` first) on a `bench_first_page`
 * database with the demo data and the production password cost; headless Chromium (Debian's) opens, in a fresh
 * profile each time (nothing cached), BENCH_SAMPLES times:
 *  - the baseline: a bare Fastify process's one-line HTML page with a button, in the same run;
 *  - /login until its sign-in button is on screen and enabled (the browser's own clock from navigation start);
 *  - /login again in the same profile (hashed assets from the cache, index.html revalidated);
 *  - the demo admin's sign-in, from the click until the dashboard shows its figures.
 */
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import Fastify from 'fastify';
import { chromium, type Page } from 'playwright-core';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { DEMO_LOGINS, seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { ensureDatabase } from './fresh-database';
import { childRole, loadAverage, percentile, serveApi, startApi } from './outside';

const SERVER =
  process.env.BENCH_FIRST_PAGE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_first_page';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const WEB_DIST = resolve(import.meta.dirname, '../apps/web/dist');

/** Milliseconds from navigation start until `button` is on screen and enabled, by the page's own clock. */
const interactiveAt = async (page: Page, button: string): Promise<number> => {
  const at = await page.waitForFunction(
    (selector) => {
      const b = document.querySelector<HTMLButtonElement>(selector);
      return b && !b.disabled && b.getBoundingClientRect().height > 0 ? performance.now() : null;
    },
    button,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await at.jsonValue()) as number;
};

const summary = (name: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
  console.log(`${name.padEnd(44)} p50 ${ms(0.5)}  p95 ${ms(0.95)}  max ${ms(1)}`);
};

export async function benchFirstPage(): Promise<void> {
  await ensureDatabase(SERVER);
  const database = openDatabase({ url: SERVER });
  await prepareDatabase(database);
  await seedDemoIfEmpty(database.db);
  await database.close();

  const bare = Fastify();
  bare.get('/', (_req, reply) =>
    reply.type('text/html').send('<!doctype html><title>bare</title><button type="submit">Sign in</button>'),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as AddressInfo).port;
  const api = await startApi(import.meta.url);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const admin = DEMO_LOGINS[0];
  const times = {
    bare: [] as number[],
    cold: [] as number[],
    warm: [] as number[],
    dashboard: [] as number[],
  };
  console.log(`${SAMPLES} samples; ${loadAverage()}`);
  try {
    for (let i = 0; i < SAMPLES; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${barePort}/`);
      times.bare.push(await interactiveAt(page, 'button[type=submit]'));
      await page.goto(`http://127.0.0.1:${api.port}/login`);
      times.cold.push(await interactiveAt(page, 'button[type=submit]'));
      await page.goto(`http://127.0.0.1:${api.port}/login`);
      times.warm.push(await interactiveAt(page, 'button[type=submit]'));
      await page.locator('#account').fill(admin.account);
      await page.locator('#password').fill(admin.password);
      const clicked = performance.now();
      await page.locator('button[type=submit]').click();
      await page.locator('.ant-statistic-content-value').first().waitFor({ timeout: 30_000 });
      times.dashboard.push(performance.now() - clicked);
      await context.close();
    }
  } finally {
    await browser.close();
    await api.stop();
    await bare.close();
  }
  summary('baseline: bare Fastify page, button on screen', times.bare);
  summary('/login interactive, cold cache', times.cold);
  summary('/login interactive, assets cached', times.warm);
  summary('sign-in click to dashboard figures', times.dashboard);
  console.log(loadAverage());
}

if (childRole() === 'api') await serveApi(SERVER, { webDist: WEB_DIST, passwordCost: undefined });
