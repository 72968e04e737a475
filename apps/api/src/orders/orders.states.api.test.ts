import {
  type JobStarted,
  type Locale,
  type OrderDetail,
  type OrderListMeta,
  type OrderView,
  translate,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFile } from '../platform/jobs/test-jobs';
import { xlsxRows } from '../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { SalesFixtures } from './orders.fixtures';
import { orderFileHeader } from './orders.import';

type Page = { list: OrderView[]; meta: OrderListMeta };

let api: TestApi;
let adminToken: string;
let memberToken: string;

/**
 * One buyer's four kinds of order: ST-DONE (done, 10.00 / 100 sp), ST-SOLD (done, 20.50 / 30 sp; its
 * refund is confirmed in the tests), ST-OPEN (not done, 7.00 / 7 sp) and ST-SOLD-R, the platform's refund
 * row of ST-SOLD (20.50 / 30 sp, not done as the shop sends them).
 */
beforeAll(async () => {
  api = await TestApi.start({ refundAdmin: 'st_refunder' });
  const sales = new SalesFixtures(api.db);
  const buyer = await api.factory.member({ name: 'st_buyer' });
  const base = { user_no: buyer.userNo, completed_at: '2026-04-15T10:00:00Z' };
  await sales.order({ ...base, platform_order_no: 'ST-DONE', amount: '10.00', sales_point: 100 });
  await sales.order({ ...base, platform_order_no: 'ST-SOLD', amount: '20.50', sales_point: 30 });
  await sales.order({ ...base, platform_order_no: 'ST-OPEN', amount: '7.00', sales_point: 7, status: 0 });
  await sales.order({
    ...base,
    platform_order_no: 'ST-SOLD-R',
    platform_order_no_origin: 'ST-SOLD',
    refund_no: 'RF-ST',
    status: 2,
    amount: '20.50',
    sales_point: 30,
  });
  adminToken = await api.login((await api.factory.superAdmin({ name: 'st_refunder' })).name, TEST_PASSWORD);
  memberToken = await api.login(buyer.name, TEST_PASSWORD);
});
afterAll(() => api.close());

const list = (body: Record<string, unknown> = {}, token = adminToken) =>
  api.post<Page>('/api/orders/list', { pageSize: 20, ...body }, { token });
const states = (page: Page) => Object.fromEntries(page.list.map((o) => [o.platform_order_no, o.state]));
const confirmRefund = () =>
  api.post('/api/orders/refund-wallet', { platform_order_no_origin: 'ST-SOLD' }, { token: adminToken });

describe('orders states and totals', () => {
  it('sums done sales only: neither orders not done nor refund rows add to them', async () => {
    const { meta } = (await list()).body.data;
    expect(meta).toMatchObject({
      total: 4,
      totalAmount: '30.50',
      totalSalesPoint: 130,
      done: { count: 2, amount: '30.50', sales_point: 130 },
      refunded: { count: 0, amount: '0.00', sales_point: 0 },
    });
    expect(states((await list()).body.data)).toEqual({
      'ST-DONE': 'done',
      'ST-SOLD': 'done',
      'ST-OPEN': 'not_done',
      'ST-SOLD-R': 'refund',
    });
  });

  it('marks a confirmed refund on its original and moves it from the done sales to the refunded', async () => {
    expect((await confirmRefund()).status).toBe(200);
    const { body } = await list();
    expect(body.data.meta).toMatchObject({
      total: 4,
      totalAmount: '10.00',
      totalSalesPoint: 100,
      done: { count: 1, amount: '10.00', sales_point: 100 },
      refunded: { count: 1, amount: '20.50', sales_point: 30 },
    });
    const sold = body.data.list.find((o) => o.platform_order_no === 'ST-SOLD')!;
    expect(sold.state).toBe('refunded');
    const detail = await api.get<OrderDetail>(`/api/orders/item/${sold.order_no}`, { token: adminToken });
    expect(detail.body.data).toMatchObject({ state: 'refunded', refunded_at: expect.any(String) });
    const member = await list({}, memberToken);
    expect(states(member.body.data)['ST-SOLD']).toBe('refunded');
  });

  it('filters on each state, with the totals of what it lists', async () => {
    const only = async (state: string) => {
      const { data } = (await list({ state })).body;
      return { orders: Object.keys(states(data)), meta: data.meta };
    };
    expect(await only('done')).toMatchObject({
      orders: ['ST-DONE'],
      meta: { total: 1, done: { count: 1, amount: '10.00' } },
    });
    expect(await only('refunded')).toMatchObject({
      orders: ['ST-SOLD'],
      meta: { total: 1, done: { count: 0 }, refunded: { count: 1, amount: '20.50' } },
    });
    expect(await only('not_done')).toMatchObject({ orders: ['ST-OPEN'], meta: { done: { count: 0 } } });
    expect(await only('refund')).toMatchObject({
      orders: ['ST-SOLD-R'],
      meta: { total: 1, done: { count: 0 }, refunded: { count: 0 } },
    });
    const bad = await api.post('/api/orders/list', { state: 'paid' }, { token: adminToken, locale: 'zh-CN' });
    expect(bad.body).toMatchObject({ code: 422, data: { errors: [{ field: 'state' }] } });
    expect(bad.body.msg).toBe('state: 不是允许的选项');
  });

  it('exports the state of each order, in the requester’s language', async () => {
    const states = async (locale: Locale) => {
      const started = await api.post<JobStarted>(
        '/api/orders/list',
        { export: true },
        { token: adminToken, locale },
      );
      const rows = await xlsxRows((await jobFile(api, started.body.data, adminToken)).file.raw);
      const header = (column: 'state' | 'platform_order_no') => translate(orderFileHeader(column), locale);
      const [state, no] = [rows[0]!.indexOf(header('state')), rows[0]!.indexOf(header('platform_order_no'))];
      return Object.fromEntries(rows.slice(1).map((r) => [r[no], r[state]]));
    };
    expect(await states('en-US')).toEqual({
      'ST-DONE': 'Done',
      'ST-SOLD': 'Refunded',
      'ST-OPEN': 'Not done',
      'ST-SOLD-R': 'Refund row',
    });
    expect(await states('zh-HK')).toEqual({
      'ST-DONE': '已完成',
      'ST-SOLD': '已退款',
      'ST-OPEN': '未完成',
      'ST-SOLD-R': '退款記錄',
    });
  });
});

describe('POST /api/orders/export-refund', () => {
  it('answers an unknown refund number "Data not found", translated, instead of an empty file', async () => {
    const res = await api.post(
      '/api/orders/export-refund',
      { refund_no: 'RF-NONE' },
      { token: adminToken, locale: 'zh-HK' },
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, msg: '數據不存在' });
    expect(
      (await api.post('/api/orders/export-refund', { refund_no: 'RF-ST' }, { token: adminToken })).status,
    ).toBe(200);
    expect(
      (await api.post('/api/orders/export-refund', { refund_no: 'RF-NONE' }, { token: memberToken })).status,
    ).toBe(403);
  });
});
