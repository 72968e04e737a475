import type { ProductView } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesFixtures } from '../orders/orders.fixtures';
import { importSheet, xlsxRows } from '../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

type Page = { list: ProductView[]; meta: { total: number } };

let api: TestApi;
let adminToken: string;
let memberToken: string;
let providerId: number;
let providerNo: string;

beforeAll(async () => {
  api = await TestApi.start();
  const sales = new SalesFixtures(api.db);
  const provider = await sales.provider();
  providerId = provider.id;
  providerNo = provider.providerNo;
  await sales.product({
    name: 'Pioneer membership',
    source_type: 1,
    grants_level_id: 2,
    price: '1000',
    provider_id: providerId,
    tags: ['membership'],
  });
  await sales.product({ name: 'Course A', tags: ['course', 'vip'] });
  await sales.product({ name: 'AI profile', source_type: 3, tags: ['ai'] });
  adminToken = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  memberToken = await api.login((await api.factory.member()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

const list = async (body: Record<string, unknown> = {}) =>
  (await api.post<Page>('/api/product/list', { pageSize: 1000, ...body }, { token: adminToken })).body.data;

describe('products', () => {
  it('lists with filters and tags', async () => {
    expect((await list()).meta.total).toBe(3);
    expect((await list({ tags: ['vip', 'ai'] })).list.map((p) => p.name).sort()).toEqual([
      'AI profile',
      'Course A',
    ]);
    expect((await list({ source_type: 1 })).list[0]).toMatchObject({
      name: 'Pioneer membership',
      price: '1000.00',
      grants_level_id: 2,
      provider_id: providerId,
    });
    expect((await list({ keyword: 'course' })).list.map((p) => p.name)).toEqual(['Course A']);
    // The keyword is text: LIKE's wildcards in it match only themselves.
    for (const keyword of ['%', '_', 'Course_A']) expect((await list({ keyword })).list).toEqual([]);
    const tags = await api.get<string[]>('/api/product/tags', { token: adminToken });
    expect(tags.body.data).toEqual(['ai', 'course', 'membership', 'vip']);
  });

  it('refuses bad list filters with a translated 422 naming the field', async () => {
    const bad = (body: Record<string, unknown>) =>
      api.post('/api/product/list', body, { token: adminToken, locale: 'zh-HK' });
    for (const [body, field] of [
      [{ source_type: 9 }, 'source_type'],
      [{ status: 3 }, 'status'],
      [{ provider_id: 'abc' }, 'provider_id'],
      [{ tags: 'vip' }, 'tags'],
      [{ tags: [''] }, 'tags.0'],
      [{ keyword: 'x'.repeat(101) }, 'keyword'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ export: 'yes' }, 'export'],
    ] as const) {
      const res = await bad(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data, JSON.stringify(body)).toMatchObject({ errors: [{ field }] });
      expect(res.body.msg).toMatch(new RegExp(`^${field.replace('.', '\\.')}: \\S`));
    }
    expect((await list({ provider_id: 999_999 })).meta.total).toBe(0);
    expect((await list({ tags: ['no-such-tag'] })).list).toEqual([]);
  });

  it('edits a product and validates it', async () => {
    const course = (await list({ keyword: 'Course A' })).list[0]!;
    const body = {
      name: 'Course A+',
      provider_id: providerId,
      price: '88.80',
      sales_points: 90,
      source_type: 2,
      tags: ['course'],
    };
    const res = await api.post(`/api/product/${course.id}`, body, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Edit Successful');
    expect((await list({ keyword: 'Course A+' })).list[0]).toMatchObject({
      price: '88.80',
      sales_points: 90,
      tags: ['course'],
    });
    const bad = await api.post(
      `/api/product/${course.id}`,
      { ...body, source_type: 1 },
      { token: adminToken },
    );
    expect(bad.body.msg).toBe('grants_level_id: A membership product must name the level it grants');
    expect(
      (await api.post(`/api/product/${course.id}`, { ...body, price: '-1' }, { token: adminToken })).body
        .data,
    ).toMatchObject({ errors: [{ field: 'price' }] });
    expect(
      (await api.post(`/api/product/${course.id}`, { ...body, provider_id: 999 }, { token: adminToken }))
        .body,
    ).toMatchObject({
      code: 422,
      msg: 'Provider does not exist',
      data: { errors: [{ field: 'provider_id' }] },
    });
    expect((await api.post('/api/product/999999', body, { token: adminToken })).status).toBe(404);
    expect((await api.post(`/api/product/${course.id}`, body, { token: memberToken })).status).toBe(403);
    expect((await api.post('/api/product/list', {}, { token: memberToken })).status).toBe(403);
  });

  it('round-trips export → import unchanged and adds new rows from a sheet', async () => {
    const before = await list();
    const exported = await api.post('/api/product/list', { export: true }, { token: adminToken });
    const rows = await xlsxRows(exported.raw);
    expect(rows[0]).toEqual([
      'Product ID',
      'Name',
      'Provider ID',
      'Price',
      'Sales points',
      'Product type',
      'Level granted (ID)',
      'Tags',
      'Status',
    ]);
    const same = await importSheet(api, '/api/product/import', adminToken, 'products.xlsx', exported.raw);
    expect(same).toMatchObject({ imported: 3, failed: 0 });
    expect(await list()).toEqual(before);
    const zh = await api.post('/api/product/list', { export: true }, { token: adminToken, locale: 'zh-HK' });
    expect((await xlsxRows(zh.raw))[0]).toEqual(expect.arrayContaining(['產品編號', '名稱', '價格']));
    const zhSame = await importSheet(api, '/api/product/import', adminToken, 'products-zh.xlsx', zh.raw);
    expect(zhSame).toMatchObject({ imported: 3, failed: 0 });
    expect(await list()).toEqual(before);
    const csv = Buffer.from(
      'name,price,sales_points,source_type,tags\nNew course,10,10,2,"new,course"\nBroken,abc,1,9,\n',
    );
    const res = await importSheet(api, '/api/product/import', adminToken, 'p.csv', csv);
    expect(res).toMatchObject({ imported: 1, failed: 1 });
    expect((await list({ tags: ['new'] })).list[0]).toMatchObject({
      name: 'New course',
      tags: ['new', 'course'],
    });

    // The same sheet again (no ids): nothing is added twice; each row says which product it would duplicate.
    const newCourse = (await list({ tags: ['new'] })).list[0]!;
    const again = await importSheet(api, '/api/product/import', adminToken, 'p.csv', csv);
    expect(again).toMatchObject({ imported: 0, failed: 2 });
    expect(again.errors?.find((row) => row.includes('New course'))?.at(-1)).toBe(
      `A product of this name and provider already exists (product ID ${newCourse.id}): put its ID in the row to update it`,
    );
    expect((await list({ tags: ['new'] })).list).toHaveLength(1);
    // Another case of the name is the same product; the same name from another provider is another product.
    const other = await importSheet(
      api,
      '/api/product/import',
      adminToken,
      'p.csv',
      Buffer.from(
        `name,provider_no,price,sales_points,source_type\nNEW COURSE,,10,10,2\nNew course,${providerNo},10,10,2\n`,
      ),
    );
    expect(other).toMatchObject({ imported: 1, failed: 1 });
    // Two id-less rows of one name and provider in one file add it once; the second says why it was refused.
    const twice = await importSheet(
      api,
      '/api/product/import',
      adminToken,
      'p.csv',
      Buffer.from(
        `name,provider_no,price,sales_points,source_type,tags\nTwin course,,10,10,2,twin\ntwin COURSE,,12,12,2,twin\n`,
      ),
    );
    expect(twice).toMatchObject({ imported: 1, failed: 1 });
    expect(twice.errors?.at(-1)?.at(-1)).toBe(
      'An earlier row of this file adds a product of this name and provider',
    );
    expect((await list({ tags: ['twin'] })).list).toHaveLength(1);
  });

  it('an import row with a negative price says so, apart from a price with too many decimals', async () => {
    const csv = Buffer.from('name,price,sales_points,source_type\nMinus,-5,1,2\nFine grained,1.005,1,2\n');
    const res = await importSheet(api, '/api/product/import', adminToken, 'p.csv', csv);
    expect(res).toMatchObject({ imported: 0, failed: 2 });
    const why = (name: string) => res.errors?.find((row) => row.includes(name))?.at(-1);
    expect(why('Minus')).toBe('price: The amount cannot be negative');
    expect(why('Fine grained')).toBe('price: Enter an amount with at most 2 decimals');
  });
});
