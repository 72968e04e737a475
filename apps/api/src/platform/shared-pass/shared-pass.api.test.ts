import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../../test/test-app';
import { repeatShared } from './shared-pass';
import { sharedPasses } from './shared-pass.schema';

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

/** Every pass a test started, stopped after it even when it failed, so none asks a closed pool. */
const running: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((stop) => stop()));
});

afterAll(async () => {
  await api?.close();
});

const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const row = async (name: string) =>
  (await api.db.select().from(sharedPasses).where(eq(sharedPasses.name, name)))[0];
const fail = (error: unknown) => {
  throw error;
};
/** Waits until `done` holds (a slow CI machine takes its time to connect), at most 10 s. */
async function until(done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500 && !(await done()); i++) await sleep(20);
}

function shared(...args: Parameters<typeof repeatShared>) {
  const stop = repeatShared(...args);
  running.push(stop);
  return stop;
}

/** Starts a "process" of the pass `name` that counts its runs; answers its stop and the runs so far. */
function start(name: string, runs: { n: number }, options: { everyMs?: number; checkMs?: number } = {}) {
  return shared(
    api.db,
    { name, everyMs: options.everyMs ?? HOUR, checkMs: options.checkMs ?? 20 },
    async () => {
      runs.n++;
      await sleep(50);
    },
    fail,
  );
}

describe('a pass shared by the processes of one database', () => {
  it('runs once for several processes started together, and not again at a start within the period', async () => {
    const runs = { n: 0 };
    const stops = [start('together', runs), start('together', runs), start('together', runs)];
    await until(async () => (await row('together'))?.finishedAt != null);
    // Each process has asked again several times since: still the one run.
    await sleep(200);
    expect(runs.n).toBe(1);
    expect(await row('together')).toMatchObject({ heldBy: null, leaseUntil: null });
    expect((await row('together'))!.finishedAt).toBeInstanceOf(Date);
    // A restart an hour is not over since: nothing to do.
    await Promise.all(stops.map((stop) => stop()));
    const again = start('together', runs);
    await sleep(200);
    await again();
    expect(runs.n).toBe(1);
  });

  it('runs again once the period is over', async () => {
    const runs = { n: 0 };
    const stop = start('periodic', runs, { everyMs: 150, checkMs: 20 });
    await until(() => runs.n >= 3);
    await stop();
    expect(runs.n).toBeGreaterThanOrEqual(3);
  });

  it('waits for a live holder, and takes over from one whose lease ran out (a process that died)', async () => {
    await api.db.insert(sharedPasses).values({
      name: 'held',
      heldBy: 'elsewhere:1',
      leaseUntil: sql`now() + interval '1 hour'`,
    });
    const runs = { n: 0 };
    const stop = start('held', runs);
    await sleep(200);
    expect(runs.n).toBe(0);
    await api.db
      .update(sharedPasses)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(sharedPasses.name, 'held'));
    await until(() => runs.n > 0);
    await stop();
    expect(runs.n).toBe(1);
    expect(await row('held')).toMatchObject({ heldBy: null });
  });

  it('is due again at once after a pass that failed or was stopped before its end', async () => {
    const errors: unknown[] = [];
    let attempts = 0;
    const stop = shared(
      api.db,
      { name: 'failing', everyMs: HOUR, checkMs: 20 },
      async () => {
        attempts++;
        if (attempts === 1) throw new Error('first pass fails');
      },
      (error) => errors.push(error),
    );
    await until(() => attempts >= 2);
    await stop();
    expect(attempts).toBe(2);
    expect(errors).toHaveLength(1);
    expect((await row('failing'))!.finishedAt).toBeInstanceOf(Date);

    // Stopped mid-pass (the process is closing): not recorded as finished, so the next start runs it.
    const runs = { n: 0 };
    const stopping = shared(
      api.db,
      { name: 'cut', everyMs: HOUR, checkMs: 20 },
      async (stopped) => {
        runs.n++;
        while (!stopped()) await sleep(10);
      },
      fail,
    );
    await until(() => runs.n > 0);
    await stopping();
    expect(await row('cut')).toMatchObject({ heldBy: null, finishedAt: null });
    const next = start('cut', runs);
    await until(() => runs.n >= 2);
    await next();
    expect(runs.n).toBe(2);
  });
});
