import { platformEndpoints, ResultCode } from '@app/contracts';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { AppError } from '../http/errors';
import { access, publicRoute, type RouteDef } from '../http/route';
import { allowInlineScriptsOf } from '../http/security-headers';
import { openApiDocument } from './openapi.document';

export const OPENAPI_URL = platformEndpoints.openApi.path;
export const REFERENCE_PAGE = '/api/docs';
/**
 * The plugin's own copies of the document, which it builds only from a document it is given (the page reads
 * OPENAPI_URL instead): answered as unknown routes rather than failing.
 */
const PLUGIN_DOCUMENTS = [`${REFERENCE_PAGE}/openapi.json`, `${REFERENCE_PAGE}/openapi.yaml`];

/**
 * GET /api/openapi.json: the OpenAPI document of the `documented` groups of routes and of itself. Public: the shop platform
 * and other integrators read it without an administrator's session, and it holds the contract only (the
 * same schemas the public web bundle carries), no data. Answered bare, not in the envelope, as tools
 * expect; built once.
 */
export function openApiRoutes(documented: Record<string, readonly RouteDef[]>): RouteDef[] {
  let document: unknown;
  const self: RouteDef = publicRoute({
    endpoint: platformEndpoints.openApi,
    docs: { summary: 'This OpenAPI document', description: 'Answered as is, not in the envelope.' },
    handler: async ({ reply }) => {
      document ??= openApiDocument({ ...documented, reference: [self] }, '1.0.0');
      return reply.send(document);
    },
  });
  return [self];
}

/**
 * The interactive reference (Scalar) at /api/docs/, reading /api/openapi.json. It is public although it
 * is meant for administrators: a browser opening the page sends no Bearer token (the web app keeps its
 * token to itself), so an admin-only page could not be opened; the page shows the contract only, and
 * its "try it" calls still need a token. Everything it needs is served from here (no web fonts, no
 * assistant); its CSP is the web app's plus the inline script that starts it.
 */
export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  // In a context of its own, so the hook runs for the page's routes only, not for every answer of the API.
  await app.register(async (page) => {
    page.addHook('onRequest', async (req) => {
      if (PLUGIN_DOCUMENTS.includes(req.routeOptions.url ?? ''))
        throw new AppError(ResultCode.NOT_FOUND, 'common.routeNotFound');
    });
    page.addHook('onSend', async (req, reply, payload) => {
      if (req.routeOptions.url === `${REFERENCE_PAGE}/` && typeof payload === 'string')
        allowInlineScriptsOf(reply, payload);
      return payload;
    });
    await page.register(apiReference, {
      routePrefix: REFERENCE_PAGE,
      logLevel: 'warn',
      configuration: {
        url: OPENAPI_URL,
        pageTitle: 'Membership back-office API',
        withDefaultFonts: false,
        // No assistant or sharing tools that talk to Scalar's own services.
        agent: { disabled: true },
        showDeveloperTools: 'never',
      },
    });
  });
}

/**
 * The access rule of the reference page's own routes, which the plugin declares without one; added
 * before app.ts checks that every /api route has a rule.
 */
export function referencePageAccess(opts: RouteOptions): void {
  if (opts.url === REFERENCE_PAGE || opts.url.startsWith(`${REFERENCE_PAGE}/`))
    opts.config = { ...opts.config, access: access.public };
}
