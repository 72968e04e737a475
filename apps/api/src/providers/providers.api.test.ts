import { type ProviderView, translate } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesFixtures } from '../orders/orders.fixtures';
import { auditLogs } from '../platform/audit/audit.schema';
import { jobs } from '../platform/jobs/jobs.schema';
import { recordedJob } from '../platform/jobs/test-jobs';
import { importSheet, upload, xlsxRows } from '../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { providerFileHeader } from './providers.import';

type Page = { list: ProviderView[]; meta: { total: number } };

let api: TestApi;
let adminToken: string;
let memberToken: string;
let referrerNo: string;

beforeAll(async () => {
  api = await TestApi.start();
  adminToken = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  const member = await api.factory.member();
  referrerNo = member.userNo;
  memberToken = await api.login(member.name, TEST_PASSWORD);
});
afterAll(() => api.close());

const valid = () => ({
  name: 'Acme Learning',
  proportion: '12.5',
  email: 'Sales@Acme.test',
  phone: '',
  referrer_user_no: '',
});
const providers = async (query: Record<string, string | number> = {}) =>
  (await api.get<Page>('/api/provider/list', { token: adminToken, query: { pageSize: 1000, ...query } })).body
    .data;

describe('providers', () => {
  it('adds, lists, edits and deletes a provider, auditing each change', async () => {
    const add = await api.post<{ id: number }>(
      '/api/provider/add',
      { ...valid(), referrer_user_no: referrerNo },
      { token: adminToken },
    );
    expect(add.status).toBe(200);
    expect(add.body.msg).toBe('Success');
    const id = add.body.data.id;
    const listed = (await providers({ keyword: 'acme' })).list[0]!;
    for (const keyword of ['%', 'Acme_Learning']) expect((await providers({ keyword })).list).toEqual([]);
    expect(listed).toMatchObject({
      id,
      name: 'Acme Learning',
      proportion: '12.50',
      email: 'sales@acme.test',
      status: 1,
      referrer_user_no: referrerNo,
    });
    expect(listed.provider_no).toMatch(/^P\d+$/);
    const put = await api.put(
      `/api/provider/${id}`,
      { ...valid(), name: 'Acme 2', proportion: 100, status: 2 },
      { token: adminToken },
    );
    expect(put.status).toBe(200);
    expect((await providers({ status: 2 })).list.map((p) => p.name)).toEqual(['Acme 2']);
    expect((await api.delete(`/api/provider/${id}`, { token: adminToken })).status).toBe(200);
    expect((await providers()).list.find((p) => p.id === id)).toBeUndefined();
    const actions = (await api.db.select().from(auditLogs))
      .filter((a) => a.entity === 'provider')
      .map((a) => a.action);
    expect(actions).toEqual(['create', 'update', 'delete']);
  });

  it('validates the form of docs/product/providers.md with translated field errors', async () => {
    const post = (body: object, locale?: 'zh-HK') =>
      api.post('/api/provider/add', body, { token: adminToken, locale });
    const noName = await post({ ...valid(), name: '' });
    expect(noName.status).toBe(422);
    expect(noName.body.data).toMatchObject({
      errors: [{ field: 'name', message: 'This field is required' }],
    });
    expect((await post({ ...valid(), email: 'nope' })).body.msg).toBe('email: email format incorrect');
    expect((await post({ ...valid(), email: 'nope' }, 'zh-HK')).body.msg).toBe('email: 郵箱格式不正確');
    expect((await post({ ...valid(), proportion: '101' })).body.msg).toBe(
      'proportion: Proportion must be a number from 0 to 100',
    );
    expect((await post({ ...valid(), proportion: '' })).body.data).toMatchObject({
      errors: [{ field: 'proportion' }],
    });
    expect((await post({ ...valid(), referrer_user_no: 'M-nobody' })).body).toMatchObject({
      code: 422,
      msg: 'Member does not exist',
      data: { errors: [{ field: 'referrer_user_no' }] },
    });
    expect((await post({ ...valid(), phone: undefined })).status).toBe(200);
  });

  it('refuses to delete a provider that has orders', async () => {
    const sales = new SalesFixtures(api.db);
    const provider = await sales.provider();
    const buyer = await api.factory.member();
    await sales.order({ user_no: buyer.userNo, provider_no: provider.providerNo });
    const res = await api.delete(`/api/provider/${provider.id}`, { token: adminToken });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This provider has orders and cannot be deleted');
    expect((await api.delete('/api/provider/999999', { token: adminToken })).status).toBe(404);
  });

  it('refuses members on the settings calls and gives them only names for the picker', async () => {
    expect((await api.post('/api/provider/add', valid(), { token: memberToken })).status).toBe(403);
    expect((await api.put('/api/provider/1', valid(), { token: memberToken })).status).toBe(403);
    expect((await api.delete('/api/provider/1', { token: memberToken })).status).toBe(403);
    const picker = await api.get<Page>('/api/provider/list', {
      token: memberToken,
      query: { pageSize: 1000 },
    });
    expect(picker.status).toBe(200);
    expect(Object.keys(picker.body.data.list[0]!).sort()).toEqual(['id', 'name', 'provider_no']);
    expect(
      (await api.get('/api/provider/list', { token: memberToken, query: { export: 'true' } })).status,
    ).toBe(403);
  });

  it('serves the import template', async () => {
    const res = await api.get('/api/common/importTemplate', {
      token: adminToken,
      query: { kind: 'provider' },
    });
    expect(res.status).toBe(200);
    // Headed in the caller's language (en-US without a Locale), each header the import takes back.
    expect((await xlsxRows(res.raw))[0]).toEqual(
      ['provider_no', 'name', 'proportion', 'phone', 'email', 'status', 'referrer_user_no'].map((c) =>
        translate(providerFileHeader(c as Parameters<typeof providerFileHeader>[0]), 'en-US'),
      ),
    );
    expect(
      (await api.get('/api/common/importTemplate', { token: adminToken, query: { kind: 'x' } })).status,
    ).toBe(422);
    expect(
      (await api.get('/api/common/importTemplate', { token: memberToken, query: { kind: 'order' } })).status,
    ).toBe(403);
  });

  it('round-trips export → import unchanged and imports new rows with an error file for bad ones', async () => {
    await api.post(
      '/api/provider/add',
      { ...valid(), name: '=cmd|calc', phone: '+85212345678', referrer_user_no: referrerNo },
      { token: adminToken },
    );
    const before = await providers();
    const exported = await api.get('/api/provider/list', { token: adminToken, query: { export: 'true' } });
    expect(exported.status).toBe(200);
    const rows = await xlsxRows(exported.raw);
    expect(rows).toHaveLength(before.meta.total + 1);
    expect(rows[0]).toEqual([
      'Provider ID',
      'Name',
      'Proportion',
      'Phone',
      'Email',
      'Status',
      'Referrer member ID',
    ]);
    expect(rows.find((r) => r[1] === "'=cmd|calc")).toBeDefined();
    const same = await importSheet(api, '/api/provider/import', adminToken, 'providers.xlsx', exported.raw);
    expect(same).toMatchObject({ failed: 0, imported: before.meta.total, errors: null });
    expect(await providers()).toEqual(before);

    const csv = Buffer.from(
      'provider_no,name,proportion,phone,email,status,referrer_user_no\n' +
        ',New Channel,7.25,,new@channel.test,1,\n' +
        ',,5,,bad-email,1,\n',
    );
    const res = await importSheet(api, '/api/provider/import', adminToken, 'providers.csv', csv);
    expect(res).toMatchObject({ total: 2, imported: 1, failed: 1 });
    const errors = res.errors!;
    expect(errors[0]!.at(-1)).toBe('error');
    expect(errors[1]!.at(-1)).toBe('name: This field is required; email: email format incorrect');
    expect((await providers({ keyword: 'New Channel' })).list[0]!.proportion).toBe('7.25');
  });

  it('refuses a second import while one of the same kind is running', async () => {
    const admin = await api.factory.superAdmin();
    const running = await recordedJob(api.db, admin.id, { lockKey: 'provider.import' });
    const csv = Buffer.from('name,proportion,email\nLate,1,late@x.test\n');
    const res = await upload(api, '/api/provider/import', adminToken, 'p.csv', csv);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Import in progress, try later');
    expect(
      (await upload(api, '/api/product/import', adminToken, 'p.csv', Buffer.from('name\n'))).status,
    ).toBe(200);
    await api.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, running.id));
    expect((await upload(api, '/api/provider/import', adminToken, 'p.csv', csv)).status).toBe(200);
    expect((await upload(api, '/api/provider/import', adminToken, 'p.txt', csv)).body.msg).toBe(
      'Please choose a .xlsx or .csv file',
    );
  });
});
