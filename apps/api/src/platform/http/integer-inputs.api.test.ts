import { createRechargeFields, PG_INTEGER_MAX, rechargeEndpoints } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { allRoutes } from '../../routes';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';

/**
 * Walks every route as a super administrator (a member's routes as a member), sending integers no `integer` column holds (2^31) and none a
 * JavaScript number counts exactly in each path parameter and each numeric field of the query and the body:
 * each is refused by its schema, a 422 naming it, rather than reaching the database to fail there as a 500.
 * An input whose own schema takes the value (a `bigserial` id, a text) must still be answered without a 500.
 */
const TOO_BIG = [String(PG_INTEGER_MAX + 1), '9999999999999999999'];

/** Inputs of the routes that read their body themselves (multipart or JSON). */
const HAND_READ: Record<string, ZodType> = { [rechargeEndpoints.create.path]: createRechargeFields };

interface SchemaDef {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  element?: ZodType;
  shape?: Record<string, ZodType>;
  left?: ZodType;
  right?: ZodType;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'];

/** Whether a field takes a number ('one') or a list of them ('list'), seen through its wrappers. */
function numberKind(schema: ZodType | undefined): 'one' | 'list' | null {
  if (!schema) return null;
  const def = defOf(schema);
  if (def.type === 'number' || def.type === 'bigint') return 'one';
  if (WRAPPERS.includes(def.type)) return numberKind(def.innerType);
  if (def.type === 'pipe') return numberKind(def.in) ?? numberKind(def.out);
  if (def.type === 'union') return def.options?.map(numberKind).find(Boolean) ?? null;
  if (def.type === 'array') return numberKind(def.element) ? 'list' : null;
  return null;
}

/** The fields of an object schema, through wrappers, refinements and intersections. */
function fieldsOf(schema: ZodType | undefined): Record<string, ZodType> {
  if (!schema) return {};
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  if (WRAPPERS.includes(def.type)) return fieldsOf(def.innerType);
  if (def.type === 'pipe') return fieldsOf(def.in);
  if (def.type === 'intersection') return { ...fieldsOf(def.left), ...fieldsOf(def.right) };
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map(fieldsOf));
  return {};
}

const numericFields = (schema: ZodType | undefined) =>
  Object.entries(fieldsOf(schema)).flatMap(([name, field]) => {
    const kind = numberKind(field);
    return kind ? [{ name, kind }] : [];
  });

interface Probe {
  route: string;
  asMember: boolean;
  method: string;
  url: string;
  field: string;
  /** Whether the input's own schema takes the value. */
  takes: boolean;
  body?: unknown;
  query?: Record<string, string>;
}

const takes = (schema: ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;

/** One request per route, input and value, each with one input out of range and the others harmless. */
function probes(value: string): Probe[] {
  return allRoutes.flatMap((def) => {
    const { method, path } = def.endpoint;
    const route = `${method} ${path}`;
    const asMember = def.access.kind === 'member';
    const withBody = method !== 'GET' && method !== 'DELETE';
    const url = (param?: string) => path.replace(/:(\w+)/g, (_, name) => (name === param ? value : '1'));
    const inPath = [...path.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
      route,
      asMember,
      method,
      url: url(name),
      field: name,
      takes: takes(fieldsOf(def.params)[name], value),
      body: withBody ? {} : undefined,
    }));
    const inQuery = numericFields(def.query).map(({ name, kind }) => ({
      route,
      asMember,
      method,
      url: url(),
      field: kind === 'list' ? `${name}.0` : name,
      takes: false,
      body: withBody ? {} : undefined,
      query: { [name]: value },
    }));
    const bodySchema = def.rawBody ? HAND_READ[path] : def.body;
    const inBody = withBody
      ? numericFields(bodySchema).map(({ name, kind }) => ({
          route,
          asMember,
          method,
          url: url(),
          field: kind === 'list' ? `${name}.0` : name,
          takes: false,
          body: { [name]: kind === 'list' ? [Number(value)] : Number(value) },
        }))
      : [];
    return [...inPath, ...inQuery, ...inBody];
  });
}

let api: TestApi;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  api = await TestApi.start();
  const admin = await api.factory.superAdmin();
  const member = await api.factory.member();
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  memberToken = await api.login(member.name, TEST_PASSWORD);
});
afterAll(() => api.close());

describe.each(TOO_BIG)('%s in any integer input', (value) => {
  it('is refused by the schema of every route, naming the input', async () => {
    const all = probes(value);
    expect(all.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const probe of all) {
      const token = probe.asMember ? memberToken : adminToken;
      const res = await api.request(probe.method, probe.url, probe.body, { token, query: probe.query });
      const errors = (res.body?.data as { errors?: Array<{ field: string }> } | null)?.errors ?? [];
      const refused = res.status === 422 && errors.some((e) => e.field === probe.field);
      if (probe.takes ? res.status >= 500 : !refused)
        failures.push(`${probe.route} ${probe.field}: ${res.status} ${res.body?.msg}`);
    }
    expect(failures).toEqual([]);
  });
});
