import { type JobStarted, type Locale, type OrderView, translate } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFile } from '../platform/jobs/test-jobs';
import { importSheet, renameColumn, xlsxRows } from '../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { SalesFixtures } from './orders.fixtures';
import { orderFileHeader } from './orders.import';

let api: TestApi;
let token: string;
const HK = { 'time-zone': 'Asia/Hong_Kong' };

beforeAll(async () => {
  api = await TestApi.start();
  const admin = await api.factory.superAdmin();
  token = await api.login(admin.name, TEST_PASSWORD);
  const buyer = await api.factory.member({ name: 'file_values_buyer' });
  await new SalesFixtures(api.db).order({
    platform_order_no: 'FV-1',
    user_no: buyer.userNo,
    subtype: 'credit_order',
    source_type: 2,
    // 23:30 UTC on 9 April is 07:30 on 10 April in Hong Kong: the day the sheet shows differs from UTC's.
    order_at: '2026-04-09T23:30:00Z',
    completed_at: '2026-04-09T23:45:00Z',
  });
});
afterAll(() => api?.close());

const header = (column: Parameters<typeof orderFileHeader>[0], locale: Locale) =>
  translate(orderFileHeader(column), locale);

async function exportedRows(locale: Locale) {
  const started = await api.post<JobStarted>(
    '/api/orders/list',
    { platform_order_no: 'FV-1', export: true },
    { token, locale, headers: HK },
  );
  const { file } = await jobFile(api, started.body.data, token);
  return { raw: file.raw, rows: await xlsxRows(file.raw) };
}

describe('order files in the reader language and time zone', () => {
  it('writes status, subtype and order type translated and times in the requester zone', async () => {
    for (const locale of ['en-US', 'zh-HK', 'zh-CN'] as const) {
      const { rows } = await exportedRows(locale);
      const [head, row] = rows as [string[], string[]];
      const cell = (column: Parameters<typeof orderFileHeader>[0]) =>
        row[head.indexOf(header(column, locale))];
      expect(cell('status')).toBe(translate('orders.status.1', locale));
      expect(cell('subtype')).toBe(translate('orders.subtype.credit_order', locale));
      expect(cell('source_type')).toBe(translate('orders.source.2', locale));
      expect(cell('order_at')).toBe('2026-04-10 07:30');
      expect(cell('completed_at')).toBe('2026-04-10 07:45');
    }
    expect(translate('orders.subtype.credit_order', 'zh-CN')).toBe('积分订单');
  });

  it('imports such a file back: labels in any language, times read in the importer zone', async () => {
    const { raw } = await exportedRows('zh-CN');
    const copy = await renameColumn(raw, header('platform_order_no', 'zh-CN'), () => 'FV-COPY');
    const result = await importSheet(api, '/api/orders/import', token, 'copy.xlsx', copy, HK);
    expect(result).toMatchObject({ imported: 1, failed: 0 });
    const list = await api.post<{ list: OrderView[] }>(
      '/api/orders/list',
      { platform_order_no: 'FV-COPY' },
      { token },
    );
    expect(list.body.data.list[0]).toMatchObject({
      status: 1,
      subtype: 'credit_order',
      source_type: 2,
      order_at: '2026-04-09T23:30:00.000Z',
      completed_at: '2026-04-09T23:45:00.000Z',
    });
  });

  it('heads the import templates in the caller language, and the import takes them', async () => {
    for (const locale of ['en-US', 'zh-HK', 'zh-CN'] as const) {
      const res = await api.get('/api/common/importTemplate?kind=order', { token, locale });
      const [head] = await xlsxRows(res.raw);
      expect(head).toContain(header('platform_order_no', locale));
      expect(head).not.toContain('platform_order_no');
    }
    const products = await api.get('/api/common/importTemplate?kind=provider', { token, locale: 'zh-HK' });
    expect((await xlsxRows(products.raw))[0]!.join()).not.toMatch(/[a-z]_[a-z]/);
  });
});
