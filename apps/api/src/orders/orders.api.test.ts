import {
  ADMIN_ONLY_ORDER_FIELDS,
  type JobStarted,
  type Locale,
  type OrderDetail,
  type OrderListMeta,
  type OrderView,
  translate,
} from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payBonus } from '../bonus/payouts';
import { levelHistory, type UserRow, users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { jobFile } from '../platform/jobs/test-jobs';
import {
  hasLibreOffice,
  importSheet,
  libreOfficeCsv,
  renameColumn,
  xlsxRows,
} from '../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { walletBalance } from '../wallet/ledger';
import { SalesFixtures } from './orders.fixtures';
import { orderFileHeader } from './orders.import';
import { orders } from './orders.schema';

type Page = { list: OrderView[]; meta: OrderListMeta };

let api: TestApi;
let sales: SalesFixtures;
let adminToken: string;
let operatorToken: string;
const t: Record<string, UserRow> = {};
let channelProviderId: number;

/**
 * Sponsor tree:  A ─ B1 ─ C1 ─ D1 ─ E1      X (outside A's tree) ─ I1
 *                └ B2                        iBloomer tree: A ─ I1 ─ I2 (I2 sponsored by X too)
 * Provider P is referred by A. One order per buyer, amount = a distinct number.
 * Order referers: B1's order by X (member_xxx), C1's by I1 (member_ii1, a later id, an earlier name).
 */
beforeAll(async () => {
  api = await TestApi.start({ refundAdmin: 'refunder', ordersIngestKey: 'shop-key' });
  sales = new SalesFixtures(api.db);
  const f = api.factory;
  t.A = await f.member({ name: 'member_aaa' });
  t.B1 = await f.member({ name: 'member_bb1', parentUserId: t.A.id });
  t.B2 = await f.member({ name: 'member_bb2', parentUserId: t.A.id });
  t.C1 = await f.member({ name: 'member_cc1', parentUserId: t.B1.id, phone: '85291234567' });
  t.D1 = await f.member({ name: 'member_dd1', parentUserId: t.C1.id, platformId: 'wp-77' });
  t.E1 = await f.member({ name: 'member_ee1', parentUserId: t.D1.id });
  t.X = await f.member({ name: 'member_xxx' });
  t.I1 = await f.member({ name: 'member_ii1', parentUserId: t.X.id, iblommerParentUserId: t.A.id });
  t.I2 = await f.member({ name: 'member_ii2', parentUserId: t.X.id, iblommerParentUserId: t.I1.id });
  const provider = await sales.provider({ referrer_user_no: t.A.userNo, proportion: '20' });
  channelProviderId = provider.id;
  const tagged = await sales.product({ tags: ['vip', 'course'] });
  const amounts: Record<string, number> = { A: 1, B1: 2, B2: 3, C1: 4, D1: 5, E1: 6, X: 7, I1: 8, I2: 9 };
  for (const [key, amount] of Object.entries(amounts))
    await sales.order({
      platform_order_no: `PO-${key}`,
      user_no: t[key]!.userNo,
      amount: String(amount),
      sales_point: amount * 10,
      provider_no: key === 'X' || key === 'B2' ? provider.providerNo : undefined,
      product_id: key === 'C1' ? tagged.id : undefined,
      subtype: key === 'D1' ? 'renewal_order' : 'normal_order',
      completed_at: `2026-0${key === 'E1' ? 3 : 4}-15T10:00:00Z`,
      referer_user_no: ({ B1: t.X.userNo, C1: t.I1.userNo } as Record<string, string>)[key],
    });
  adminToken = await api.login((await f.superAdmin({ name: 'refunder' })).name, TEST_PASSWORD);
  operatorToken = await api.login((await f.superAdmin()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

const list = (body: Record<string, unknown>, token = adminToken) =>
  api.post<Page>('/api/orders/list', { pageSize: 50, ...body }, { token });
const buyers = (page: Page) => page.list.map((o) => o.platform_order_no.replace('PO-', '')).sort();

describe('POST /api/orders/list', () => {
  it('lists every order for an admin with totals over the whole filtered set', async () => {
    const res = await list({ pageSize: 20, page: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data.meta).toMatchObject({
      total: 9,
      done: { count: 9, amount: '45.00', sales_point: 450 },
      refunded: { count: 0, amount: '0.00', sales_point: 0 },
      pageSize: 20,
    });
    const firstPage = await list({ pageSize: 20, sort: 'amount', order: 'asc' });
    expect(firstPage.body.data.list[0]!.amount).toBe('1.00');
  });

  it('keeps the totals of the whole set when paging', async () => {
    const res = await api.post<Page>(
      '/api/orders/list',
      { pageSize: 20, page: 2, sort: 'amount', order: 'desc' },
      { token: adminToken },
    );
    expect(res.body.data.list).toHaveLength(0);
    expect(res.body.data.meta.total).toBe(9);
    expect(res.body.data.meta.done.amount).toBe('45.00');
  });

  it.each([
    ['referral_sales', ['B1', 'B2']],
    ['generational_sales', ['C1', 'D1']],
    ['group_sales', ['B1', 'B2', 'C1', 'D1', 'E1']],
    ['group_sales_not_referral', ['C1', 'D1', 'E1']],
    ['channel_sales', ['B2', 'X']],
    ['iblommer_sales', ['I1', 'I2']],
  ])('%s selects the right orders for the member', async (flag, expected) => {
    const res = await list({ [flag]: true, member_id: t.A!.userNo });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(buyers(res.body.data)).toEqual(expected);
    const sum = expected.map((k) => ({ A: 1, B1: 2, B2: 3, C1: 4, D1: 5, E1: 6, X: 7, I1: 8, I2: 9 })[k]!);
    expect(res.body.data.meta.done.amount).toBe(`${sum.reduce((a, b) => a + b, 0)}.00`);
  });

  it('applies the plain filters', async () => {
    const one = async (body: Record<string, unknown>) => buyers((await list(body)).body.data);
    expect(await one({ name: 'member_cc' })).toEqual(['C1']);
    expect(await one({ email: 'MEMBER_DD1@test.local' })).toEqual(['D1']);
    expect(await one({ phone: '85291234567' })).toEqual(['C1']);
    expect(await one({ wordpress_id: 'wp-77' })).toEqual(['D1']);
    expect(await one({ member_id: t.B2!.userNo })).toEqual(['B2']);
    expect(await one({ member_id: 'M-nobody' })).toEqual([]);
    expect(await one({ user_id: t.E1!.id })).toEqual(['E1']);
    expect(await one({ platform_order_no: 'PO-X' })).toEqual(['X']);
    expect(await one({ subtype: 'renewal_order' })).toEqual(['D1']);
    expect(await one({ provider_id: channelProviderId })).toEqual(['B2', 'X']);
    expect(await one({ tags: ['vip'] })).toEqual(['C1']);
    expect(await one({ source_type: 1 })).toEqual([]);
    expect(await one({ date_from: '2026-03-01', date_to: '2026-03-31' })).toEqual(['E1']);
    expect(await one({ date_from: '2026-04-15', date_to: '2026-04-15' })).toHaveLength(8);
    const anOrder = (await list({ platform_order_no: 'PO-A' })).body.data.list[0]!;
    expect(await one({ order_no: anOrder.order_no })).toEqual(['A']);
  });

  it('sorts on order id, referer, amount, sales point and completion time', async () => {
    const sorted = async (sort: string, order: string) =>
      (await list({ sort, order })).body.data.list.map((o) => o.amount);
    expect(await sorted('amount', 'desc')).toEqual([
      '9.00',
      '8.00',
      '7.00',
      '6.00',
      '5.00',
      '4.00',
      '3.00',
      '2.00',
      '1.00',
    ]);
    expect((await sorted('sales_point', 'asc'))[0]).toBe('1.00');
    expect((await sorted('completed_at', 'asc'))[0]).toBe('6.00');
    // By the referer's name (ii1 before xxx), not by the referer's id; orders without one last.
    expect((await sorted('referer', 'asc')).slice(0, 2)).toEqual(['4.00', '2.00']);
    expect((await sorted('referer', 'desc')).slice(-2)).toEqual(['2.00', '4.00']);
    const byNo = (await list({ sort: 'order_no', order: 'asc' })).body.data.list.map((o) => o.order_no);
    expect(byNo).toEqual([...byNo].sort());
  });

  it('shows buyer, order referer and user referer', async () => {
    const [b1] = (await list({ platform_order_no: 'PO-B1' })).body.data.list;
    expect(b1!.user.name).toBe('member_bb1');
    expect(b1!.referer_user?.name).toBe('member_xxx');
    expect(b1!.user_referer?.name).toBe('member_aaa');
  });

  it('refuses bad input with a translated 422 naming the field', async () => {
    const twoSwitches = await list({ group_sales: true, channel_sales: true, member_id: t.A!.userNo });
    expect(twoSwitches.status).toBe(422);
    expect(twoSwitches.body.data).toMatchObject({ errors: [{ field: 'channel_sales' }] });
    const noMember = await api.post(
      '/api/orders/list',
      { referral_sales: true },
      { token: adminToken, locale: 'zh-HK' },
    );
    expect(noMember.status).toBe(422);
    expect(noMember.body.msg).toBe('member_id: 必須填寫GlobalId');
    const generational = await list({ generational_sales: true });
    expect(generational.body.msg).toBe('member_id: must fill GlobalId');
    expect((await list({ pageSize: 25 })).status).toBe(422);
    expect((await list({ sort: 'name' })).body.data).toMatchObject({ errors: [{ field: 'sort' }] });
    expect((await list({ date_from: 'yesterday' })).body.data).toMatchObject({
      errors: [{ field: 'date_from' }],
    });
    const unknownSubject = await list({ group_sales: true, member_id: 'M-none' });
    expect(unknownSubject.body).toMatchObject({ code: 422, data: { errors: [{ field: 'member_id' }] } });
  });

  it('shows a member only their own network, with other names masked', async () => {
    const token = await api.login('member_bb1', TEST_PASSWORD);
    const res = await list({}, token);
    expect(res.status).toBe(200);
    expect(buyers(res.body.data)).toEqual(['B1', 'C1', 'D1', 'E1']);
    const own = res.body.data.list.find((o) => o.platform_order_no === 'PO-B1')!;
    expect(own.user.name).toBe('member_bb1');
    expect(own.user_referer?.name).toBe('mem***aaa');
    expect(res.body.data.list.find((o) => o.platform_order_no === 'PO-C1')!.user.name).toBe('mem***cc1');
    expect(buyers((await list({ referral_sales: true, member_id: t.B1!.userNo }, token)).body.data)).toEqual([
      'C1',
    ]);
    expect(buyers((await list({ group_sales: true }, token)).body.data)).toEqual(['C1', 'D1', 'E1']);
    expect((await list({ group_sales: true, member_id: t.A!.userNo }, token)).status).toBe(403);
    expect((await list({ phone: '85291234567' }, token)).status).toBe(403);
  });

  it('lets a member find orders only by what they see of people: masked names, their own e-mail and id', async () => {
    const token = await api.login('member_bb1', TEST_PASSWORD);
    const found = async (filter: Record<string, unknown>, as = token) =>
      buyers((await list(filter, as)).body.data);
    // 'member_cc1' shows as 'mem***cc1': its hidden middle finds nothing for the member, all for an admin.
    expect(await found({ name: 'ber_c' })).toEqual([]);
    expect(await found({ name: 'ber_c' }, adminToken)).toEqual(['C1']);
    expect(await found({ name: 'cc1' })).toEqual(['C1']);
    expect(await found({ name: '***CC' })).toEqual(['C1']);
    expect(await found({ name: 'mem' })).toEqual(['B1', 'C1', 'D1', 'E1']);
    expect(await found({ name: 'ber_bb' })).toEqual(['B1']);
    expect(await found({ email: t.C1!.email })).toEqual([]);
    expect(await found({ email: t.C1!.email }, adminToken)).toEqual(['C1']);
    expect(await found({ email: t.B1!.email!.toUpperCase() })).toEqual(['B1']);
    expect(await found({ wordpress_id: 'wp-77' })).toEqual([]);
    expect(await found({ wordpress_id: 'wp-77' }, adminToken)).toEqual(['D1']);
  });

  it('refuses callers without the orders permission', async () => {
    const bare = await api.factory.admin();
    const token = await api.login(bare.name, TEST_PASSWORD);
    expect((await list({}, token)).status).toBe(403);
    expect((await api.post('/api/orders/list', {})).status).toBe(401);
  });
});

/** A column's header in the order files, as the export writes it in `locale`. */
const column = (name: Parameters<typeof orderFileHeader>[0], locale: Locale = 'en-US') =>
  translate(orderFileHeader(name), locale);

/** Exports through the job: starts it, polls it to the end and downloads its file. */
async function exported(body: Record<string, unknown>, token = adminToken, locale?: Locale) {
  const started = await api.post<JobStarted>(
    '/api/orders/list',
    { ...body, export: true },
    { token, locale },
  );
  expect(started.status).toBe(200);
  return jobFile(api, started.body.data, token);
}

describe('order export', () => {
  it('runs a job whose .xlsx of the filtered set exceljs (and LibreOffice when installed) reads', async () => {
    const body = { export: true, group_sales: true, member_id: t.A!.userNo };
    const started = await api.post<JobStarted>('/api/orders/list', body, { token: adminToken });
    expect(started.body.data).toEqual({
      job_id: expect.any(String),
      url: `/api/jobs/${started.body.data.job_id}`,
    });
    const { job, file: res } = await jobFile(api, started.body.data, adminToken);
    expect(job).toMatchObject({ status: 'done', processed: 5, total: 5, file_name: 'orders.xlsx' });
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const rows = await xlsxRows(res.raw);
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Order ID', 'User', 'Platform order ID', 'Amount', 'Sales point']),
    );
    const pon = rows[0]!.indexOf(column('platform_order_no'));
    expect(
      rows
        .slice(1)
        .map((r) => r[pon])
        .sort(),
    ).toEqual(['PO-B1', 'PO-B2', 'PO-C1', 'PO-D1', 'PO-E1']);
    if (!hasLibreOffice()) {
      console.warn(
        'SKIPPED LibreOffice check: `libreoffice` is not installed (apt-get install -y libreoffice-calc-nogui)',
      );
      return;
    }
    const csv = libreOfficeCsv(res.raw).trim().split('\n');
    expect(csv).toHaveLength(6);
    expect(csv[0]).toContain('Platform order ID');
  });

  it('neutralises text that would run as a formula', async () => {
    await sales.order({
      platform_order_no: 'PO-FORMULA',
      user_no: t.X!.userNo,
      product_name: '=HYPERLINK("x")',
    });
    const rows = await xlsxRows((await exported({ platform_order_no: 'PO-FORMULA' })).file.raw);
    expect(rows[1]![rows[0]!.indexOf(column('product_name'))]).toBe(`'=HYPERLINK("x")`);
  });

  it('exports a member only their network, without profit columns or WordPress ids', async () => {
    const token = await api.login('member_cc1', TEST_PASSWORD);
    const rows = await xlsxRows((await exported({}, token)).file.raw);
    for (const hidden of ADMIN_ONLY_ORDER_FIELDS) expect(rows[0]).not.toContain(column(hidden));
    expect(rows.flat()).not.toContain('wp-77');
    expect(rows).toHaveLength(4);
    const adminExport = await exported({ platform_order_no: 'PO-D1' });
    for (const url of [adminExport.job.download_url!, `/api/jobs/${adminExport.job.id}`])
      expect((await api.get(url, { token })).status).toBe(404);
    const admin = await xlsxRows(adminExport.file.raw);
    expect(admin[0]).toEqual(expect.arrayContaining(ADMIN_ONLY_ORDER_FIELDS.map((f) => column(f))));
    expect(admin[1]![admin[0]!.indexOf(column('wordpress_id'))]).toBe('wp-77');
  });
});

describe('GET /api/orders/item/:orderNo', () => {
  it('shows profit, rebates, buyer and referers', async () => {
    const orderNo = (await list({ platform_order_no: 'PO-X' })).body.data.list[0]!.order_no;
    const res = await api.get<OrderDetail>(`/api/orders/item/${orderNo}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      platform_order_no: 'PO-X',
      amount: '7.00',
      supplier_rebate: '1.40',
      platform_rebate: '0.00',
      platform_profit: '5.60',
      user: { name: 'member_xxx' },
      provider: { id: channelProviderId },
    });
  });

  it('lets a member open orders of their network only, without profit and rebate figures', async () => {
    const token = await api.login('member_cc1', TEST_PASSWORD);
    const no = async (p: string) => (await list({ platform_order_no: p })).body.data.list[0]!.order_no;
    const own = await api.get<OrderDetail>(`/api/orders/item/${await no('PO-D1')}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ platform_order_no: 'PO-D1', amount: '5.00' });
    for (const hidden of ADMIN_ONLY_ORDER_FIELDS) expect(own.body.data).not.toHaveProperty(hidden);
    const outside = await api.get(`/api/orders/item/${await no('PO-B1')}`, { token });
    expect(outside.body).toMatchObject({ code: 404, msg: 'Order does not exist' });
  });

  it('answers an unknown or blank order number with a translated error', async () => {
    const unknown = await api.get('/api/orders/item/NOPE', { token: adminToken, locale: 'zh-CN' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('订单不存在');
    const blank = await api.get('/api/orders/item/%20', { token: adminToken });
    expect(blank.body).toMatchObject({ code: 422, data: { errors: [{ field: 'orderNo' }] } });
    expect((await api.get('/api/orders/item/NOPE')).status).toBe(401);
  });
});

describe('refunds and the monthly table', () => {
  it('exports the refund table of a refund number, and needs that number', async () => {
    await sales.order({
      platform_order_no: 'PO-R1',
      user_no: t.B1!.userNo,
      platform_order_no_origin: 'PO-B1',
      refund_no: 'RF-1',
      status: 2,
    });
    const res = await api.post('/api/orders/export-refund', { refund_no: 'RF-1' }, { token: adminToken });
    expect(res.status).toBe(200);
    const rows = await xlsxRows(res.raw);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 3)).toEqual(['RF-1', 'PO-R1', 'PO-B1']);
    const missing = await api.post('/api/orders/export-refund', {}, { token: adminToken, locale: 'zh-CN' });
    expect(missing.status).toBe(422);
    expect(missing.body.msg).toBe('refund_no: 请输入退款编号');
    const member = await api.login('member_aaa', TEST_PASSWORD);
    expect(
      (await api.post('/api/orders/export-refund', { refund_no: 'RF-1' }, { token: member })).status,
    ).toBe(403);
  });

  it('confirms a refund only for the permitted account, reversing the wallet credits once', async () => {
    const original = (await list({ platform_order_no: 'PO-C1' })).body.data.list[0]!;
    const payout = { userId: t.B1!.id, typeKey: 1, period: '2026-04-15', orderId: original.id, baseSp: 40 };
    await payBonus(
      api.db,
      { ...payout, ratioBp: 1000, cents: 400 },
      { runId: null, orderNo: original.order_no },
    );
    expect((await walletBalance(api.db, t.B1!.id)).availableCents).toBe(400);
    const body = { platform_order_no_origin: 'PO-C1' };
    const canRefund = async (token: string) =>
      (await api.get<{ can_refund: boolean }>('/api/orders/options', { token })).body.data.can_refund;
    expect([await canRefund(adminToken), await canRefund(operatorToken)]).toEqual([true, false]);
    const other = await api.post('/api/orders/refund-wallet', body, { token: operatorToken });
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe('Only the designated account can confirm refunds');
    const first = await api.post('/api/orders/refund-wallet', body, { token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ reversed: 1, reversed_amount: '4.00', already_refunded: false });
    expect(first.body.msg).toBe('Refund confirmed: 1 bonus record reversed');
    expect((await walletBalance(api.db, t.B1!.id)).availableCents).toBe(0);
    const again = await api.post('/api/orders/refund-wallet', body, { token: adminToken });
    expect(again.body.data).toMatchObject({ reversed: 0, already_refunded: true });
    expect(again.body.msg).toBe('This order was already refunded');
    expect((await api.post('/api/orders/refund-wallet', {}, { token: adminToken })).status).toBe(422);
    const unknown = await api.post(
      '/api/orders/refund-wallet',
      { platform_order_no_origin: 'NOPE' },
      { token: adminToken },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Order does not exist');
  });

  it('refuses to refund a refund row or an order not done, changing nothing', async () => {
    await sales.order({ platform_order_no: 'PO-OPEN', user_no: t.B2!.userNo, status: 2 });
    const refund = async (no: string) =>
      api.post(
        '/api/orders/refund-wallet',
        { platform_order_no_origin: no },
        { token: adminToken, locale: 'zh-HK' },
      );
    const ofRefund = await refund('PO-R1');
    expect(ofRefund.body).toMatchObject({
      code: 422,
      data: { errors: [{ field: 'platform_order_no_origin' }] },
    });
    expect(ofRefund.body.msg).toBe('這是一筆退款記錄，請在原訂單上確認退款');
    const open = await refund('PO-OPEN');
    expect(open.status).toBe(422);
    expect(open.body.msg).toBe('只有已完成的訂單可以退款');
    const rows = await api.db
      .select()
      .from(orders)
      .where(inArray(orders.platformOrderNo, ['PO-R1', 'PO-OPEN']));
    expect(rows.map((r) => r.refundedAt)).toEqual([null, null]);
  });

  it('exports the monthly transfer table per provider, and needs a month', async () => {
    const res = await api.post(
      '/api/orders/export-gim-to-raymond',
      { month: '2026-04' },
      { token: adminToken },
    );
    expect(res.status).toBe(200);
    const rows = await xlsxRows(res.raw);
    expect(rows[0]).toEqual(expect.arrayContaining(['Provider ID', 'Orders', 'Amount', 'Supplier rebate']));
    const header = rows[0]!;
    expect(rows[1]![header.indexOf('Orders')]).toBe('2');
    expect(rows[1]![header.indexOf('Amount')]).toBe('10');
    const zh = await api.post(
      '/api/orders/export-gim-to-raymond',
      { month: '2026-04' },
      { token: adminToken, locale: 'zh-HK' },
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(zh.raw as never);
    const sheet = book.worksheets[0]!;
    const zhHeader = sheet.getRow(1).values as string[];
    expect(zhHeader).toEqual(expect.arrayContaining(['供應商編號', '訂單數', '金額', '供應商返利']));
    const amount = sheet.getRow(2).getCell(zhHeader.indexOf('金額'));
    expect(amount.value).toBe(10);
    expect(amount.numFmt).toBe('#,##0.00');
    const missing = await api.post('/api/orders/export-gim-to-raymond', { month: '' }, { token: adminToken });
    expect(missing.body.msg).toBe('month: please select month');
    expect(
      (await api.post('/api/orders/export-gim-to-raymond', { month: '2026-13' }, { token: adminToken }))
        .status,
    ).toBe(422);
  });
});

describe('order ingestion and import', () => {
  it('takes orders from the shop with the API key, once per platform order number', async () => {
    const body = {
      platform_order_no: 'SHOP-1',
      source_type: 2,
      user_no: t.E1!.userNo,
      product_name: 'Course',
      amount: '12.30',
    };
    const first = await api.post('/api/orders/ingest', body, { headers: { 'x-api-key': 'shop-key' } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: true });
    const again = await api.post('/api/orders/ingest', body, { headers: { 'x-api-key': 'shop-key' } });
    expect(again.body.data).toMatchObject({
      created: false,
      order_no: (first.body.data as { order_no: string }).order_no,
    });
    expect((await list({ platform_order_no: 'SHOP-1' })).body.data.list[0]!.amount).toBe('12.30');
    expect((await api.post('/api/orders/ingest', body, { headers: { 'x-api-key': 'wrong' } })).status).toBe(
      401,
    );
    const member = await api.login('member_aaa', TEST_PASSWORD);
    expect((await api.post('/api/orders/ingest', body, { token: member })).status).toBe(403);
    const bad = await api.post(
      '/api/orders/ingest',
      { ...body, amount: '1.234' },
      { headers: { 'x-api-key': 'shop-key' } },
    );
    expect(bad.body).toMatchObject({ code: 422, data: { errors: [{ field: 'amount' }] } });
  });

  it('raises the buyer level on a paid membership order and writes level history', async () => {
    const membership = await sales.product({
      source_type: 1,
      grants_level_id: 3,
      name: 'Special membership',
    });
    const res = await api.post(
      '/api/orders/ingest',
      {
        platform_order_no: 'SHOP-M',
        source_type: 1,
        user_no: t.E1!.userNo,
        product_id: membership.id,
        amount: '500',
      },
      { token: adminToken },
    );
    expect(res.status).toBe(200);
    const [buyer] = await api.db.select().from(users).where(eq(users.id, t.E1!.id));
    expect(buyer!.levelId).toBe(3);
    const history = await api.db.select().from(levelHistory).where(eq(levelHistory.userId, t.E1!.id));
    expect(history.map((h) => h.levelId)).toEqual([1, 3]);
    const audits = await api.db.select().from(auditLogs).where(eq(auditLogs.entity, 'order'));
    expect(audits.map((a) => a.action)).toContain('create');
  });

  it('refuses a membership order that names no product granting a level', async () => {
    const course = await sales.product({ name: 'Not a membership' });
    const body = {
      platform_order_no: 'SHOP-M2',
      source_type: 1,
      user_no: t.B2!.userNo,
      product_name: 'Membership?',
      amount: '10',
    };
    const opts = { headers: { 'x-api-key': 'shop-key' }, locale: 'zh-CN' as const };
    const none = await api.post('/api/orders/ingest', body, opts);
    expect(none.body).toMatchObject({ code: 422, data: { errors: [{ field: 'product_id' }] } });
    expect(none.body.msg).toBe('会籍订单（source_type 1）须以 product_id 指定一个授予等级的产品');
    expect((await api.post('/api/orders/ingest', { ...body, product_id: course.id }, opts)).status).toBe(422);
    expect((await list({ platform_order_no: 'SHOP-M2' })).body.data.meta.total).toBe(0);
    const csv = Buffer.from(
      `platform_order_no,source_type,user_no,product_name,amount\nIMP-M,1,${t.B2!.userNo},Membership,10\n`,
    );
    const res = await importSheet(api, '/api/orders/import', adminToken, 'm.csv', csv);
    expect(res).toMatchObject({ total: 1, imported: 0, failed: 1 });
    const errors = res.errors!;
    expect(errors[1]!.at(-1)).toBe(
      'product_id: A membership order (source_type 1) needs product_id of a product that grants a level',
    );
  });

  it("keeps given zero figures and defaults the rest from the product's provider", async () => {
    const provider = await sales.provider({ proportion: '20' });
    const course = await sales.product({ name: 'Provided course', provider_id: provider.id });
    const ingest = (body: Record<string, unknown>) =>
      api.post(
        '/api/orders/ingest',
        { source_type: 2, user_no: t.B2!.userNo, product_id: course.id, amount: '50', ...body },
        { headers: { 'x-api-key': 'shop-key' } },
      );
    expect((await ingest({ platform_order_no: 'SHOP-DEFAULTS' })).status).toBe(200);
    const zeros = { supplier_rebate: '0', platform_rebate: 0, platform_profit: '0.00' };
    expect((await ingest({ platform_order_no: 'SHOP-ZERO', ...zeros })).status).toBe(200);
    const detail = async (platformNo: string) => {
      const no = (await list({ platform_order_no: platformNo })).body.data.list[0]!.order_no;
      return (await api.get<OrderDetail>(`/api/orders/item/${no}`, { token: adminToken })).body.data;
    };
    expect(await detail('SHOP-DEFAULTS')).toMatchObject({
      provider: { id: provider.id },
      supplier_rebate: '10.00',
      platform_rebate: '0.00',
      platform_profit: '40.00',
    });
    expect(await detail('SHOP-ZERO')).toMatchObject({
      provider: { id: provider.id },
      supplier_rebate: '0.00',
      platform_rebate: '0.00',
      platform_profit: '0.00',
    });
  });

  it('round-trips an export through the import and reports failed rows in an error file', async () => {
    const before = (await list({})).body.data.meta;
    const group = { group_sales: true, member_id: t.A!.userNo };
    const n = (await list(group)).body.data.meta.total;
    const { file: exportedFile } = await exported(group);
    const same = await importSheet(api, '/api/orders/import', adminToken, 'orders.xlsx', exportedFile.raw);
    expect(same).toMatchObject({ total: n, imported: n, failed: 0, errors: null });
    expect((await list({})).body.data.meta).toEqual(before);
    // Headed in Chinese, the same file imports back just as well.
    const zhFile = (await exported(group, adminToken, 'zh-HK')).file.raw;
    expect((await xlsxRows(zhFile))[0]).toEqual(expect.arrayContaining(['訂單編號', '平台訂單編號', '金額']));
    const zhImport = await importSheet(api, '/api/orders/import', adminToken, 'orders-zh.xlsx', zhFile);
    expect(zhImport).toMatchObject({ total: n, imported: n, failed: 0, errors: null });
    expect((await list({})).body.data.meta).toEqual(before);
    const copy = await renameColumn(exportedFile.raw, column('platform_order_no'), (no) => `COPY-${no}`);
    expect(await importSheet(api, '/api/orders/import', adminToken, 'copy.xlsx', copy)).toMatchObject({
      imported: n,
      failed: 0,
    });
    const originals = await xlsxRows(exportedFile.raw);
    const copies = await xlsxRows((await exported({})).file.raw);
    const pon = originals[0]!.indexOf(column('platform_order_no'));
    // A refund confirmation is not imported: a copy of a refunded order reads done (column state).
    const skipped = [0, pon, originals[0]!.indexOf(column('state'))];
    const comparable = (r: string[]) => r.filter((_, i) => !skipped.includes(i));
    const zeroRow = originals.find((r) => r[pon] === 'SHOP-ZERO');
    expect(zeroRow?.[originals[0]!.indexOf(column('supplier_rebate'))]).toBe('0');
    for (const row of originals.slice(1)) {
      const twin = copies.find((c) => c[pon] === `COPY-${row[pon]}`);
      expect(twin && comparable(twin)).toEqual(comparable(row));
    }
    const csv = Buffer.from(
      'platform_order_no,source_type,user_no,product_name,amount\n' +
        `IMP-1,2,${t.B2!.userNo},Imported course,5.50\n` +
        'IMP-2,2,M-nobody,Broken,1\n',
    );
    const res = await importSheet(api, '/api/orders/import', adminToken, 'orders.csv', csv);
    expect(res).toMatchObject({ total: 2, imported: 1, failed: 1 });
    const errors = res.errors!;
    expect(errors[1]![0]).toBe('IMP-2');
    expect(errors[1]!.at(-1)).toBe('user_no: Member does not exist');
    expect((await list({ platform_order_no: 'IMP-1' })).body.data.list[0]!.amount).toBe('5.50');
  });
});
