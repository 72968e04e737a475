import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translate } from '@app/contracts';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../../test/test-app';
import { OPENAPI_URL, REFERENCE_PAGE } from './openapi.routes';

type Operation = OpenAPIV3_1.OperationObject & { 'x-access': unknown };
type Parameter = OpenAPIV3_1.ParameterObject;

let api: TestApi;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>web app</title>');
  api = await TestApi.start({ webDist });
  const res = await api.get(OPENAPI_URL);
  expect(res.status).toBe(200);
  document = JSON.parse(res.raw.toString('utf8'));
});
afterAll(() => api.close());

const operation = (method: string, path: string) =>
  document.paths?.[path]?.[method.toLowerCase() as 'get'] as Operation;
const headerNames = (op: Operation) =>
  (op.parameters as Parameter[]).filter((p) => p.in === 'header').map((p) => p.name);
const documentedRoutes = () =>
  api.app.apiRoutes.filter((r) => r.url !== REFERENCE_PAGE && !r.url.startsWith(`${REFERENCE_PAGE}/`));

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3 and needs no session', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const result = await validate(structuredClone(document));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('lists every /api route with its method, path and access rule, and nothing else', () => {
    const listed = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = documentedRoutes();
    expect(listed.sort()).toEqual(
      routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    for (const r of routes) {
      const op = operation(r.method, r.url.replace(/:(\w+)/g, '{$1}'));
      expect(op['x-access'], `${r.method} ${r.url}`).toEqual(r.access);
      expect(op.description).toContain('**Access:**');
      expect(op.security).toEqual(r.access.kind === 'public' ? expect.any(Array) : [{ bearerAuth: [] }]);
    }
  });

  it('takes parameters and bodies from the zod contracts', () => {
    const item = operation('GET', '/api/orders/item/{orderNo}');
    expect(item.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'orderNo', required: true }),
    );
    const login = operation('POST', '/api/login').requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = login.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(expect.arrayContaining(['account', 'password']));
  });

  it("documents the shop platform's order ingestion: its key, retries and body", () => {
    const ingest = operation('POST', '/api/orders/ingest');
    expect(headerNames(ingest)).toContain('x-api-key');
    expect(ingest.security).toEqual([{ ingestKey: [] }, { bearerAuth: [] }]);
    expect(document.components?.securitySchemes?.ingestKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(ingest.description).toContain('ORDERS_INGEST_KEY');
    expect(ingest.description).toContain('`created: false`');
    expect(ingest.description).toContain('does not read\nthe `Idempotency-Key` header');
    const body = ingest.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(expect.arrayContaining(['platform_order_no', 'amount', 'source_type']));
  });

  it('offers the Idempotency-Key header on the money calls that honour it', () => {
    expect(headerNames(operation('POST', '/api/wallet/sendTransfer'))).toContain('idempotency-key');
    expect(headerNames(operation('POST', '/api/wallet/create-withdraw-record'))).toContain('idempotency-key');
    expect(headerNames(operation('POST', '/api/login'))).not.toContain('idempotency-key');
  });
});

describe('the reference page', () => {
  it('serves the interactive reference on the document, without disturbing the web app', async () => {
    const page = await api.get(`${REFERENCE_PAGE}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.raw.toString('utf8');
    expect(html).toContain(OPENAPI_URL);
    const script = /<script src="([^"]+)"/.exec(html)?.[1];
    const js = await api.get(`${REFERENCE_PAGE}/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');

    const spa = await api.get('/members/list');
    expect(spa.raw.toString('utf8')).toContain('<title>web app</title>');
    const unknownApi = await api.get('/api/no-such-route');
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body.code).toBe(404);
  });

  it("answers the plugin's own document addresses as unknown routes, in the caller's language", async () => {
    for (const url of [`${REFERENCE_PAGE}/openapi.json`, `${REFERENCE_PAGE}/openapi.yaml`]) {
      const res = await api.get(url, { locale: 'zh-HK' });
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 404,
        body: { code: 404, msg: translate('common.routeNotFound', 'zh-HK'), data: null },
      });
    }
  });
});
