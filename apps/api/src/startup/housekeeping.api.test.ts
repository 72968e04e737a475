import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../access/access.schema';
import { THROTTLE } from '../access/login-throttle';
import { ago } from '../platform/db/ago';
import { IDEMPOTENCY_KEPT_DAYS } from '../platform/http/idempotency';
import { idempotencyKeys } from '../platform/http/idempotency.schema';
import { TestApi } from '../test/test-app';
import { tidyOnce } from './housekeeping';

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api?.close();
});

const hoursAgo = (hours: number) => ago({ hours });
const keys = async (table: typeof loginAttempts | typeof idempotencyKeys) =>
  (await api.db.select({ key: table.key }).from(table)).map((r) => r.key).sort();

describe('housekeeping', () => {
  it('forgets sign-in failures past their window unless they still wait, and keeps the rest', async () => {
    const past = THROTTLE.windowHours + 1;
    await api.db.insert(loginAttempts).values([
      { key: 'name:ghost1@10.0.0.1', failures: 3, windowStart: hoursAgo(past) },
      { key: 'name:ghost2@10.0.0.1', failures: 9, windowStart: hoursAgo(past), lockedUntil: hoursAgo(1) },
      {
        key: 'ip:10.0.0.1',
        failures: 40,
        windowStart: hoursAgo(past),
        lockedUntil: sql`now() + interval '5 minutes'`,
      },
      { key: 'name:fresh@10.0.0.2', failures: 2, windowStart: hoursAgo(THROTTLE.windowHours - 1) },
    ]);
    await tidyOnce(api.db);
    expect(await keys(loginAttempts)).toEqual(['ip:10.0.0.1', 'name:fresh@10.0.0.2']);
  });

  it(`forgets the first answers of money calls after ${IDEMPOTENCY_KEPT_DAYS} days`, async () => {
    const member = await api.factory.member();
    const row = { userId: member.id, route: 'POST /api/x', requestHash: 'h', response: { ok: true } };
    await api.db.insert(idempotencyKeys).values([
      { ...row, key: 'old-key-1', createdAt: hoursAgo(IDEMPOTENCY_KEPT_DAYS * 24 + 1) },
      { ...row, key: 'new-key-1', createdAt: hoursAgo(IDEMPOTENCY_KEPT_DAYS * 24 - 1) },
    ]);
    await tidyOnce(api.db);
    expect(await keys(idempotencyKeys)).toEqual(['new-key-1']);
  });
});
