import { connect } from 'node:net';
import { type Locale, type MessageKey, translate } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../members/members.schema';
import { TEST_PASSWORD } from '../../test/factory';
import { multipartBody } from '../../test/multipart';
import { type ApiResponse, TestApi } from '../../test/test-app';
import { importSheet } from '../xlsx/test-files';

let api: TestApi;
let admin: string;
let member: UserRow;
/** Every log line the app writes, at info level. */
const logLines: string[] = [];

beforeAll(async () => {
  api = await TestApi.start({ logLevel: 'info' }, { write: (line: string) => logLines.push(line) });
  const root = await api.factory.superAdmin();
  admin = await api.login(root.name, TEST_PASSWORD);
  member = await api.factory.member();
});
afterAll(() => api.close());

async function inject(opts: InjectOptions) {
  const res = await api.app.inject(opts);
  return { status: res.statusCode, body: res.json() };
}

function expectRefusedField(
  res: Pick<ApiResponse, 'status' | 'body'>,
  field: string,
  locale: Locale = 'en-US',
) {
  const message = translate('validation.invalidCharacters', locale);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({
    code: 422,
    msg: `${field}: ${message}`,
    data: { errors: [{ field, message }] },
  });
}

const envelope = (code: number, key: MessageKey, locale: Locale = 'en-US') => ({
  status: code,
  body: { code, msg: translate(key, locale), data: null },
});

describe('text PostgreSQL cannot store is refused before any query, naming the field', () => {
  it('in the login form, signed out: a NUL, a lone surrogate', async () => {
    const nul = await api.post('/api/login', { account: 'someone\u0000', password: 'x' });
    expectRefusedField(nul, 'account');
    const zh = await api.post('/api/login', { account: 'someone\u0000', password: 'x' }, { locale: 'zh-CN' });
    expectRefusedField(zh, 'account', 'zh-CN');
    const surrogate = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":"someone\\ud800","password":"x"}',
    });
    expectRefusedField(surrogate, 'account');
  });

  it('in a search, a path parameter and a new member', async () => {
    const search = await api.get('/api/users/list', { token: admin, query: { keyword: 'a\u0000b' } });
    expectRefusedField(search, 'keyword');
    expectRefusedField(await api.get('/api/orders/item/a%00b', { token: admin }), 'orderNo');
    const created = await api.put(
      '/api/users',
      {
        name: 'new\u0000member',
        email: 'new@test.local',
        password: TEST_PASSWORD,
        parent_user_id: member.id,
      },
      { token: admin, locale: 'zh-CN' },
    );
    expectRefusedField(created, 'name', 'zh-CN');
    const lowSurrogate = await api.put(
      '/api/users',
      {
        name: 'new\udc00member',
        email: 'new@test.local',
        password: TEST_PASSWORD,
        parent_user_id: member.id,
      },
      { token: admin },
    );
    expectRefusedField(lowSurrogate, 'name');
  });

  it("in a multipart form's text fields and a file's name", async () => {
    const form = multipartBody({ user_id: String(member.id), amount: '10', remark: 'cash\u0000' });
    const recharge = await inject({
      method: 'POST',
      url: '/api/recharge/create',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${admin}` },
    });
    expectRefusedField(recharge, 'remark');
    const upload = multipartBody({}, [
      { field: 'file', name: 'providers\u0000.xlsx', data: Buffer.from('x') },
    ]);
    const imported = await inject({
      method: 'POST',
      url: '/api/provider/import',
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${admin}` },
    });
    expectRefusedField(imported, 'file');
  });

  it('in a spreadsheet row, which fails alone into the error file', async () => {
    const csv = Buffer.from(
      'name,provider_no,price,sales_points,source_type\n' +
        'Fine course,,10,10,2\n' +
        'Odd course,P\u0000X,10,10,2\n',
    );
    const res = await importSheet(api, '/api/product/import', admin, 'products.csv', csv);
    expect(res).toMatchObject({ total: 2, imported: 1, failed: 1 });
    expect(res.errors?.[1]?.at(-1)).toBe(
      `provider_no: ${translate('validation.invalidCharacters', 'en-US')}`,
    );
  });
});

describe('the log', () => {
  it('names a failing query by its SQLSTATE and message, never its SQL or parameters', async () => {
    await api.db.execute(sql`alter table login_attempts rename to login_attempts_away`);
    try {
      const res = await api.post('/api/login', { account: 'secret-account-7', password: 'x' });
      expect(res.body.code).toBe(500);
    } finally {
      await api.db.execute(sql`alter table login_attempts_away rename to login_attempts`);
    }
    const errors = logLines.map((line) => JSON.parse(line)).filter((line) => line.level >= 50);
    expect(errors.at(-1)?.err).toMatchObject({
      code: '42P01',
      message: 'relation "login_attempts" does not exist',
    });
    const log = logLines.join('\n');
    expect(log).not.toContain('secret-account-7');
    expect(log).not.toMatch(/\bselect\b|Failed query|"params"/i);
  });
});

describe("the framework's own refusals answer the translated envelope", () => {
  const cases: Array<[string, InjectOptions, number, MessageKey]> = [
    ['an over-long path parameter', { url: `/api/orders/item/${'x'.repeat(200)}` }, 414, 'common.urlTooLong'],
    ['bad % encoding', { url: '/api/orders/item/a%zz' }, 400, 'common.malformedUrl'],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      },
      400,
      'common.malformedBody',
    ],
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ account: 'x'.repeat(3 * 1024 * 1024) }),
      },
      413,
      'common.bodyTooLarge',
    ],
    [
      'an unsupported content type',
      {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'text/x-unknown' },
        payload: 'account',
      },
      415,
      'common.unsupportedContentType',
    ],
  ];
  it.each(cases)('%s', async (_, opts, code, key) => {
    const res = await inject({ ...opts, headers: { ...opts.headers, locale: 'zh-CN' } });
    expect(res).toEqual(envelope(code, key, 'zh-CN'));
  });

  const cutShort = (payload: Buffer) => payload.subarray(0, payload.length - 30);
  it.each(['/api/provider/import', '/api/recharge/create'])(
    'a multipart body cut short on %s',
    async (url) => {
      const form = multipartBody({ remark: 'fine' }, [
        { field: 'file', name: 'p.xlsx', data: Buffer.alloc(100, 1) },
      ]);
      const res = await inject({
        method: 'POST',
        url,
        payload: cutShort(form.payload),
        headers: { ...form.headers, authorization: `Bearer ${admin}`, locale: 'zh-CN' },
      });
      expect(res).toEqual(envelope(400, 'common.malformedBody', 'zh-CN'));
    },
  );

  it('a multipart form with more fields than allowed', async () => {
    const fields = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`field${i}`, 'x']));
    const form = multipartBody(fields);
    const res = await inject({
      method: 'POST',
      url: '/api/recharge/create',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${admin}` },
    });
    expect(res).toEqual(envelope(413, 'common.uploadLimit'));
  });
});

describe('over a real socket', () => {
  let port: number;
  beforeAll(async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.server.address() as { port: number }).port;
  });

  /** Sends raw bytes, optionally ending the sending side, and reads the answer until the server closes. */
  function raw(request: Buffer | string, endSending = false) {
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString();
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : null });
      });
      socket.write(request);
      if (endSending) socket.end();
    });
  }

  it('a multipart upload whose sender stops early', async () => {
    const form = multipartBody({}, [{ field: 'file', name: 'p.xlsx', data: Buffer.alloc(1000, 1) }]);
    const head =
      `POST /api/provider/import HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${admin}\r\nLocale: zh-CN\r\n` +
      `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`;
    const res = await raw(Buffer.concat([Buffer.from(head), form.payload.subarray(0, 500)]), true);
    expect(res).toEqual(envelope(400, 'common.malformedBody', 'zh-CN'));
  });

  it('headers larger than the HTTP parser takes, then the server still answers', async () => {
    const huge = `GET /api/user/info HTTP/1.1\r\nHost: test\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`;
    expect(await raw(huge)).toEqual(envelope(431, 'common.headersTooLarge'));
    const health = await raw('GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
    expect(health.status).toBe(200);
  });

  it('headers too large are refused in the Locale they name, when it came before the parser gave up', async () => {
    const huge = `GET /api/user/info HTTP/1.1\r\nHost: test\r\nLocale: zh-HK\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`;
    expect(await raw(huge)).toEqual(envelope(431, 'common.headersTooLarge', 'zh-HK'));
  });
});
