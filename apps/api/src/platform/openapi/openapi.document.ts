import { BUILT_IN_PERMISSIONS, LOCALES, type PermId, ResultCode } from '@app/contracts';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiParameters,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import type { Access, RouteDef } from '../http/route';
import { apiGuide, IDEMPOTENCY_RULES } from './openapi.guide';

/**
 * The OpenAPI 3.1 document of the /api routes (grouped, a tag per group), generated from their route definitions: the zod schemas
 * of contracts for parameters and bodies (through zod-openapi, which builds on zod 4's own JSON Schema
 * output and splits an object schema into query/path parameters), the access rule in words and as
 * `x-access`, and the envelope every answer comes in. Answers' `data` is typed in TypeScript only
 * (packages/contracts), so the document gives the envelope, not `data`'s shape.
 */
export function openApiDocument(groups: Record<string, readonly RouteDef[]>, version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const [group, routes] of Object.entries(groups))
    for (const def of routes) {
      const path = def.endpoint.path.replace(/:(\w+)/g, '{$1}');
      paths[path] = { ...paths[path], [def.endpoint.method.toLowerCase()]: operation(def, group) };
    }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Membership back-office API', version, description: apiGuide },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `access_token` answered by POST /api/login.',
        },
        ingestKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: "The server's ORDERS_INGEST_KEY setting (POST /api/orders/ingest only).",
        },
      },
      schemas: { Envelope: envelope },
      responses: {
        Failure: {
          description: `A refusal or failure: \`code\` is one of ${Object.values(ResultCode)
            .filter((c) => c !== ResultCode.OK)
            .join(
              ', ',
            )}; \`msg\` says why in the caller's language; a 422 names the fields in \`data.errors\`.`,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
      },
    },
  });
}

const envelope = z
  .object({
    code: z
      .number()
      .int()
      .meta({ description: 'Result code: 200 on success, else the failure (see Failure).' }),
    msg: z.string().meta({ description: 'A message in the language of the Locale header.' }),
    data: z.unknown().meta({ description: 'The answer; null when there is none.' }),
  })
  .meta({ description: 'Every answer of the API (file downloads aside) is this envelope.' });

const localeHeader = z.object({
  locale: z
    .enum(LOCALES)
    .optional()
    .meta({ description: 'Language of `msg` and of spreadsheet headers and labels (default en-US).' }),
  'time-zone': z
    .string()
    .optional()
    .meta({ description: 'IANA time zone the times of a spreadsheet are written in (default UTC).' }),
});

const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w.:-]{8,128}$/)
    .optional()
    .meta({ description: IDEMPOTENCY_RULES }),
});

function operation(def: RouteDef, group: string): ZodOpenApiOperationObject {
  const docs = def.docs ?? {};
  const rule = accessInWords(def.access);
  const headers = [localeHeader, docs.headers, docs.idempotencyKey ? idempotencyHeader : undefined].filter(
    (h): h is z.ZodObject => h !== undefined,
  );
  // Our query and params schemas are objects (perhaps wrapped in a refinement), as zod-openapi needs.
  const path = def.params ?? untypedPathParams(def.endpoint.path);
  const requestParams = {
    header: headers.reduce((all, h) => all.extend(h.shape), z.object({})),
    ...(path && { path }),
    ...(def.query && { query: def.query }),
  } as ZodOpenApiParameters;
  return {
    operationId: `${def.endpoint.method.toLowerCase()}${def.endpoint.path.replace(/^\/api/, '').replace(/[/:-](\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: docs.summary,
    description: [docs.description, `**Access:** ${rule}`].filter(Boolean).join('\n\n'),
    tags: [group],
    security: docs.security ?? (def.access.kind === 'public' ? [] : [{ bearerAuth: [] }]),
    requestParams,
    requestBody: requestBody(def),
    responses: {
      '200': {
        description: 'Done: `code` 200, the answer in `data`.',
        content: { 'application/json': { schema: envelope } },
      },
      default: { $ref: '#/components/responses/Failure' },
    },
    'x-access': def.access,
  } as ZodOpenApiOperationObject;
}

/** Path parameters of a route that declares no params schema (read as text by its handler). */
function untypedPathParams(url: string): z.ZodObject | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  return names.length > 0 ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

function requestBody(def: RouteDef): ZodOpenApiOperationObject['requestBody'] {
  if (def.rawBody)
    return {
      description: 'A multipart/form-data upload: the form fields and the file.',
      content: { 'multipart/form-data': { schema: def.body ?? z.object({}).catchall(z.unknown()) } },
    };
  if (!def.body) return undefined;
  return { required: true, content: { 'application/json': { schema: def.body } } };
}

const permName = (perm: PermId | readonly PermId[]): string => {
  if (Array.isArray(perm)) return perm.map((p) => permName(p)).join(' or ');
  const name = BUILT_IN_PERMISSIONS.find((p) => p.id === perm)?.name;
  return `permission ${perm}${name ? ` (${name})` : ''}`;
};

/** Who may call a route, in the words of platform/http/route.ts. */
export function accessInWords(rule: Access): string {
  switch (rule.kind) {
    case 'public':
      return 'anyone; no token needed.';
    case 'user':
      return 'any signed-in user.';
    case 'member':
      return `signed-in members (not administrators)${rule.perm === undefined ? '' : ` holding ${permName(rule.perm)}`}; they act on their own data.`;
    case 'admin':
      return `administrators${rule.perm === undefined ? '' : ` holding ${permName(rule.perm)}`}.`;
    case 'holder':
      return `administrators or members holding ${permName(rule.perm)}; members see only their own data.`;
  }
}
