import { translate } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { SalesFixtures } from './orders.fixtures';
import { orders } from './orders.schema';

/** POST /api/orders/ingest as the shop platform: audited, strict about its body, and about its repeats. */
let api: TestApi;
let buyer: UserRow;
let other: UserRow;
let adminToken: string;
let course: { id: number };

const shop = { headers: { 'x-api-key': 'shop-key', 'user-agent': 'shop/1.0' } };
const ingest = (body: Record<string, unknown>, opts: Parameters<TestApi['post']>[2] = shop) =>
  api.post('/api/orders/ingest', body, opts);
const stored = async (platformOrderNo: string) =>
  api.db.select().from(orders).where(eq(orders.platformOrderNo, platformOrderNo));

beforeAll(async () => {
  api = await TestApi.start({ ordersIngestKey: 'shop-key' });
  buyer = await api.factory.member();
  other = await api.factory.member();
  const admin = await api.factory.superAdmin();
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  course = await new SalesFixtures(api.db).product({ name: 'Course' });
});
afterAll(() => api.close());

describe('an order posted with the shop key', () => {
  it('is audited as the system, from the address and browser that posted it; by an administrator, as them', async () => {
    const posted = await ingest({
      platform_order_no: 'AUD-1',
      source_type: 2,
      user_no: buyer.userNo,
      product_name: 'Course',
      amount: '5',
    });
    expect(posted.body.data).toMatchObject({ created: true });
    const orderNo = (posted.body.data as { order_no: string }).order_no;
    const rows = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'order'), eq(auditLogs.entityId, orderNo)));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'create',
        actorId: null,
        actorKind: 'system',
        ip: '127.0.0.1',
        userAgent: 'shop/1.0',
        after: expect.objectContaining({ platformOrderNo: 'AUD-1', amountCents: 500 }),
      }),
    ]);
    const byAdmin = await ingest(
      {
        platform_order_no: 'AUD-2',
        source_type: 2,
        user_no: buyer.userNo,
        product_name: 'Course',
        amount: '5',
      },
      { token: adminToken },
    );
    const adminOrderNo = (byAdmin.body.data as { order_no: string }).order_no;
    const [adminRow] = await api.db.select().from(auditLogs).where(eq(auditLogs.entityId, adminOrderNo));
    expect(adminRow).toMatchObject({ action: 'create', actorKind: 'admin' });
  });
});

describe('a repeat of a stored order', () => {
  const first = {
    platform_order_no: 'REP-1',
    source_type: 2,
    user_no: '',
    product_id: 0,
    amount: '12.30',
    sales_point: 12,
    supplier_rebate: '1.00',
    order_at: '2026-04-01T10:00:00+08:00',
  };
  beforeAll(async () => {
    first.user_no = buyer.userNo;
    first.product_id = course.id;
    expect((await ingest(first)).body.data).toMatchObject({ created: true });
  });

  it('stating the same (figures and times as sent, in another form) is answered with the stored order', async () => {
    const same = { ...first, amount: 12.3, sales_point: '12', order_at: '2026-04-01T02:00:00Z' };
    expect(await ingest(same)).toMatchObject({ status: 200, body: { data: { created: false } } });
  });

  it.each([
    ['amount', { amount: '99' }],
    ['status', { status: 2 }],
    ['buyer', { user_no: undefined as unknown }],
    ['sales points', { sales_point: 13 }],
    ['a figure', { supplier_rebate: '2' }],
    ['a figure it did not give', { platform_rebate: '0.50' }],
    ['its time', { order_at: '2026-04-01T10:00:01+08:00' }],
    ['a refund origin', { platform_order_no_origin: 'X-1' }],
  ])('stating another %s is refused, translated, and changes nothing', async (_, change) => {
    const body: Record<string, unknown> = { ...first, ...change };
    if (body.user_no === undefined) body.user_no = other.userNo;
    const before = await stored('REP-1');
    const res = await ingest(body, { ...shop, locale: 'zh-HK' });
    expect(res).toMatchObject({
      status: 409,
      body: { code: 409, msg: translate('sales.orderPostedDifferently', 'zh-HK'), data: null },
    });
    expect(await stored('REP-1')).toEqual(before);
  });
});

describe('an order whose values no shop sends', () => {
  const valid = () => ({
    platform_order_no: `ODD-${Math.random()}`,
    source_type: 2,
    user_no: buyer.userNo,
    product_name: 'Course',
    amount: '10',
  });

  it.each([
    ['status', { status: 7 }, 'validation.choice'],
    ['status', { status: -1 }, 'validation.choice'],
    ['status', { status: 1.5 }, 'validation.choice'],
    ['amount', { amount: '-1' }, 'validation.amountNegative'],
    ['amount', { amount: '100000000.01' }, 'validation.amountTooLarge'],
    ['amount', { amount: 1e21 }, 'validation.amount'],
    ['platform_profit', { platform_profit: '999999999999.99' }, 'validation.amountTooLarge'],
    ['sales_point', { sales_point: -5 }, 'validation.min'],
    ['sales_point', { sales_point: 2.5 }, 'validation.integer'],
    ['order_at', { order_at: '2026-02-30T10:00:00Z' }, 'validation.date'],
    ['order_at', { order_at: '0000-01-01T00:00:00Z' }, 'sales.orderTimeRange'],
    ['completed_at', { completed_at: '9999-12-31T23:59:59Z' }, 'sales.orderTimeRange'],
    ['completed_at', { completed_at: '1999-12-31T23:59:59+00:00' }, 'sales.orderTimeRange'],
  ] as const)('%s %j is refused naming it, and nothing is stored', async (field, change, key) => {
    const body = { ...valid(), ...change };
    const res = await ingest(body);
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({ errors: [{ field, message: translate(key, 'en-US') }] });
    expect(await stored(body.platform_order_no)).toEqual([]);
  });
});
