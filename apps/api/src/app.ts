import { ResultCode, resolveLocale, translate } from '@app/contracts';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config, TrustProxy } from './config';
import { scopesAdded } from './orders/orders.scopes';
import type { Db } from './platform/db/client';
import { AppError, httpStatusFor } from './platform/http/errors';
import { type Access, type AppContext, registerRoutes } from './platform/http/route';
import { TokenService } from './platform/http/tokens';
import { type RawFieldError, translateFieldErrors } from './platform/http/validation';
import { stopJobs } from './platform/jobs/jobs.runner';
import { allRoutes } from './routes';

export interface BuildOptions {
  db: Db;
  config: Config;
  logger?: boolean;
}

/** The whole HTTP application: /api/* routes plus the built web app with SPA fallback. */
export async function buildApp({ db, config, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  });
  const ctx: AppContext = { db, config, tokens: new TokenService(config.jwtSecret, config.tokenTtlSeconds) };
  app.decorate('appContext', ctx);

  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const locale = resolveLocale(req.headers.locale as string | undefined);
    if (error instanceof AppError) {
      const data = error.data as { errors?: RawFieldError[] } | null;
      const errors = data?.errors ? translateFieldErrors(data.errors, locale) : undefined;
      const msg =
        errors && errors.length > 0 && error.key === 'common.validationFailed'
          ? `${errors[0]?.field}: ${errors[0]?.message}`
          : translate(error.key, locale, error.params);
      return reply
        .status(httpStatusFor(error.code))
        .send({ code: error.code, msg, data: errors ? { errors } : data });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) req.log.error(error);
    const code = status === 413 ? ResultCode.BAD_REQUEST : status < 500 ? status : ResultCode.SERVER_ERROR;
    const key =
      status >= 500 ? 'common.serviceError' : status === 429 ? 'common.tooManyRequests' : 'common.badRequest';
    return reply.status(status).send({ code, msg: translate(key, locale), data: null });
  });

  const apiRoutes: ApiRouteInfo[] = [];
  app.addHook('onRoute', (opts) => {
    if (!opts.url.startsWith('/api/')) return;
    const rule = opts.config?.access;
    if (!rule) throw new Error(`${opts.method} ${opts.url} declares no access rule`);
    for (const method of [opts.method].flat())
      if (method !== 'HEAD') apiRoutes.push({ method, url: opts.url, access: rule });
  });
  app.decorate('apiRoutes', apiRoutes);
  registerRoutes(app, ctx, allRoutes);
  // Jobs this process runs end as 'interrupted' on shutdown rather than being cut mid-write.
  app.addHook('onClose', () => stopJobs(db));
  // Orders totals scopes being added in the background finish before the database closes.
  app.addHook('onClose', () => scopesAdded(db));

  if (config.webDist) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !config.webDist || req.method !== 'GET') {
      const locale = resolveLocale(req.headers.locale as string | undefined);
      return reply
        .status(404)
        .send({ code: ResultCode.NOT_FOUND, msg: translate('common.routeNotFound', locale), data: null });
    }
    return reply.sendFile('index.html');
  });
  return app;
}

/**
 * Fastify's trustProxy for the TRUST_PROXY setting. Fastify 5 ignores a bare hop count (it fails
 * closed), so a count becomes the function trusting that many nearest hops (the socket is hop 0).
 */
function trustProxyOption(setting: TrustProxy = false) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export interface ApiRouteInfo {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    appContext: AppContext;
    /** Every /api route with its declared access rule (enumerated by the authorisation test). */
    apiRoutes: ApiRouteInfo[];
  }
}
