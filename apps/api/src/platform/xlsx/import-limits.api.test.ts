import { translate } from '@app/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS } from '../../config';
import { TEST_PASSWORD } from '../../test/factory';
import { multipartBody } from '../../test/multipart';
import { TestApi } from '../../test/test-app';
import { jobs } from '../jobs/jobs.schema';
import { xlsxBuffer } from './export';
import { importSheet, rowXml, sharedStringsPart, upload, workbookParts, zipOf } from './test-files';

const MB = 1024 * 1024;
const HEADER = ['name', 'proportion', 'email'];

let api: TestApi;
let token: string;
beforeAll(async () => {
  // The default limits but for the upload size and the rows, small enough to test without big files.
  api = await TestApi.start({ importLimits: { ...DEFAULT_IMPORT_LIMITS, uploadBytes: 2 * MB, rows: 10 } });
  const admin = await api.factory.superAdmin();
  token = await api.login(admin.name, TEST_PASSWORD);
});
afterAll(() => api.close());

const importProviders = (filename: string, content: Buffer) =>
  upload(api, '/api/provider/import', token, filename, content);
const jobCount = async () => (await api.db.select({ n: count() }).from(jobs))[0]!.n;

/** A provider sheet of `copies` × 1,000 identical rows, about 240 times smaller packed. */
function providerSheet(copies: number) {
  const block = Buffer.from(rowXml(['Bomb', '1', 'bomb@x.test']).repeat(1000));
  return zipOf(workbookParts({ head: rowXml(HEADER), data: block, repeat: copies }));
}

describe('import files refused before they are parsed', () => {
  it('a zip bomb (1.3 MB packed, its sheet unpacking to 300 MB) is refused from its zip directory without unpacking it', async () => {
    const bomb = await providerSheet(2400);
    expect(bomb.length).toBeLessThan(2 * MB);
    const jobsBefore = await jobCount();
    const rssBefore = process.memoryUsage().rss;
    const res = await importProviders('bomb.xlsx', bomb);
    const grown = process.memoryUsage().rss - rssBefore;
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('A sheet of this workbook unpacks to more than 200 MB');
    // Parsing it would take gigabytes; refused from its zip directory, it costs next to nothing.
    expect(grown).toBeLessThan(100 * MB);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('a sheet within the sizes but packed 240 times smaller is taken for a zip bomb', async () => {
    const res = await importProviders('dense.xlsx', await providerSheet(150));
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('This workbook is packed suspiciously tightly and was refused');
  });

  it('a workbook within every limit whose one shared string unpacks to 70 MB is refused before it is read', async () => {
    // Text that packs ~50 times smaller, as text of little variety does: within the packing ratio.
    const block = Array.from({ length: 5_000 }, (_, i) => `${'x'.repeat(200)}${(i * 2_654_435_761) >>> 20}`);
    const text = Buffer.from(block.join('').slice(0, MB));
    const file = await zipOf([
      ...workbookParts({ head: rowXml(HEADER), data: Buffer.from('<row><c t="s"><v>0</v></c></row>') }),
      sharedStringsPart(text, 70),
    ]);
    expect(file.length).toBeLessThan(2 * MB);
    const jobsBefore = await jobCount();
    const rssBefore = process.memoryUsage().rss;
    const { payload, headers } = multipartBody({}, [{ field: 'file', name: 'texts.xlsx', data: file }]);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/provider/import',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}`, locale: 'zh-CN' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(translate('import.sharedStringsTooLarge', 'zh-CN', { limit: 64 }));
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * MB);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('a file that is not a zip is refused, in the caller’s language', async () => {
    const res = await api.request('POST', '/api/provider/import', undefined, { token, locale: 'zh-HK' });
    expect(res.status).toBe(400);
    const notZip = await importProviders(
      'providers.xlsx',
      Buffer.from('name,proportion\nnot a workbook,1\n'),
    );
    expect(notZip).toMatchObject({
      status: 422,
      body: { code: 422, msg: 'The file is not a valid .xlsx workbook' },
    });
  });

  it('an upload over the size limit is refused naming it', async () => {
    const res = await importProviders('big.csv', Buffer.alloc(2 * MB + 1, 'a'));
    expect(res).toMatchObject({ status: 422, body: { msg: 'The file is larger than 2 MB' } });
  });

  it('a sheet or CSV with more rows than the limit is refused naming it; one at the limit imports', async () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => [`Limit ${n}-${i}`, '1', `l${n}-${i}@x.test`]);
    const eleven = await importProviders('eleven.xlsx', await xlsxBuffer(HEADER, rows(11)));
    expect(eleven).toMatchObject({
      status: 422,
      body: { msg: 'The file has more than 10 rows; split it into smaller files' },
    });
    const csv = `${HEADER.join(',')}\n${rows(11)
      .map((r) => r.join(','))
      .join('\n')}\n`;
    expect((await importProviders('eleven.csv', Buffer.from(csv))).status).toBe(422);
    const ten = await importSheet(
      api,
      '/api/provider/import',
      token,
      'ten.xlsx',
      await xlsxBuffer(HEADER, rows(10)),
    );
    expect(ten).toMatchObject({ total: 10, imported: 10, failed: 0 });
  });
});
