import { ResultCode, resolveLocale, translate } from '@app/contracts';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { loadCaller } from './access/caller';
import {
  limitSignIns,
  onPasswordHashed,
  RECOMMENDED_PASSWORD_COST,
  usePasswordCost,
} from './access/passwords';
import { touchSession } from './access/sessions';
import { settlementLostJobs } from './bonus/settlement';
import { type Config, DEFAULT_SIGN_IN_LIMIT, type TrustProxy } from './config';
import { noticeFailedJobs } from './notifications/job-failed';
import { useMail } from './notifications/notify';
import { OutboxSender } from './notifications/outbox-sender';
import { scopesAdded } from './orders/totals';
import type { Db } from './platform/db/client';
import type { ReadReplicas } from './platform/db/read-replicas';
import { registerHealthRoutes } from './platform/health/health.routes';
import { sendError, unavailable } from './platform/http/error-handler';
import { answerClientError } from './platform/http/framework-errors';
import { echoRequestId, REQUEST_ID_HEADER, requestIdOf } from './platform/http/request-id';
import { type Access, type AppContext, registerRoutes } from './platform/http/route';
import { addSecurityHeadersBeforeRouting, registerSecurityHeaders } from './platform/http/security-headers';
import { TokenService } from './platform/http/tokens';
import { webAppStaticOptions } from './platform/http/web-app';
import { JobHost } from './platform/jobs/job-host';
import { RequestLogController, requestLogMethod } from './platform/log/request-log';
import { serializeError } from './platform/log/serialize-error';
import { createMailer } from './platform/mail/mailer';
import { registerMetrics } from './platform/metrics/metrics';
import { openApiRoutes, referencePageAccess, registerReferencePage } from './platform/openapi/openapi.routes';
import { allRoutes, routesByDomain } from './routes';

export interface BuildOptions {
  db: Db;
  /** Streaming replicas for the heavy reads (DATABASE_READ_URL); the caller opens and closes them. */
  replicas?: ReadReplicas;
  config: Config;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: FastifyLoggerOptions['stream'];
}

/** The whole HTTP application: /api/* routes plus the built web app with SPA fallback. */
export async function buildApp({
  db,
  config,
  logger = false,
  logStream,
  replicas,
}: BuildOptions): Promise<FastifyInstance> {
  usePasswordCost(config.passwordCost ?? RECOMMENDED_PASSWORD_COST);
  limitSignIns(config.signInLimit ?? DEFAULT_SIGN_IN_LIMIT);
  const logging = Boolean(logger || logStream);
  const app = Fastify({
    logger: logging
      ? {
          level: config.logLevel,
          stream: logStream,
          // No SQL, parameters or row values in the log: a database error is logged by code and message.
          serializers: { err: serializeError },
          hooks: { logMethod: requestLogMethod },
        }
      : false,
    // Not two lines for every request: the writes', the failures' and the slow reads'.
    logController: logging ? new RequestLogController(config.slowRequestMs) : undefined,
    // Every log line of a request carries its id (reqId); a caller's or proxy's x-request-id is kept.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // Requests arriving while the server stops get the translated envelope (refuseWhileClosing) instead.
    return503OnClosing: false,
    // A bad or over-long URL and the HTTP parser's own refusals answer the envelope too.
    frameworkErrors: (error, req, reply) => {
      addSecurityHeadersBeforeRouting(req, reply);
      reply.header(REQUEST_ID_HEADER, req.id);
      return sendError(error, req, reply);
    },
    clientErrorHandler: answerClientError,
  });
  await registerSecurityHeaders(app);
  refuseWhileClosing(app);
  echoRequestId(app);
  const ctx: AppContext = {
    db,
    config,
    tokens: new TokenService(config.jwtSecret, config.tokenTtlSeconds),
    jobs: new JobHost(db, app.log, config.jobTiming, settlementLostJobs, noticeFailedJobs),
    loadCaller,
    touchSession,
    mailer: createMailer(config.mail),
    replicas,
  };
  app.decorate('appContext', ctx);

  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
  app.setErrorHandler(sendError);

  // After the error handler: a route takes the handler in force when it is declared.
  registerMetrics(app, {
    db,
    replicas,
    enabled: config.metrics ?? false,
    token: config.metricsToken,
    onPasswordHashed,
  });

  const apiRoutes: ApiRouteInfo[] = [];
  app.addHook('onRoute', referencePageAccess);
  app.addHook('onRoute', (opts) => {
    if (!opts.url.startsWith('/api/')) return;
    const rule = opts.config?.access;
    if (!rule) throw new Error(`${opts.method} ${opts.url} declares no access rule`);
    for (const method of [opts.method].flat())
      if (method !== 'HEAD') apiRoutes.push({ method, url: opts.url, access: rule });
  });
  app.decorate('apiRoutes', apiRoutes);
  registerRoutes(app, ctx, [...allRoutes, ...openApiRoutes(routesByDomain)]);
  await registerReferencePage(app);
  registerHealthRoutes(app, db);
  // Jobs left by a process that died are failed now; this process's jobs end as 'interrupted' on
  // shutdown rather than being cut mid-write, and its heartbeat and sweeper timers stop.
  await ctx.jobs.start();
  app.addHook('onClose', () => ctx.jobs.stop());
  // E-mails are written to the outbox only while mail is on, and every process sends it (docs/operations.md).
  useMail(ctx.mailer !== null);
  if (ctx.mailer) {
    const stopSending = new OutboxSender(db, ctx.mailer, app.log, config.publicUrl).start();
    app.addHook('onClose', stopSending);
  }
  // Orders totals scopes being added in the background finish before the database closes.
  app.addHook('onClose', () => scopesAdded(db));

  if (config.webDist) {
    // Precompressed copies, a year's caching for hashed assets, index.html revalidated (platform/http/web-app.ts).
    await app.register(fastifyStatic, webAppStaticOptions(config.webDist));
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !config.webDist || !['GET', 'HEAD'].includes(req.method)) {
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
 * Once the server is stopping (SIGTERM), a request that still arrives on an open keep-alive connection is
 * answered 503 'common.serviceUnavailable' with `Connection: close`, so the client retries elsewhere;
 * requests already in flight finish, their connections closed after the answer.
 */
function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, as on every hook run per request: an async one costs a promise and a turn of the loop.
  app.addHook('onRequest', (req, reply, done) => {
    if (!closing) return done();
    const locale = resolveLocale(req.headers.locale as string | undefined);
    reply.status(503).header('connection', 'close').send(unavailable(locale));
  });
  // A request in flight when the stop began ends its connection with its answer: left open (keep-alive), the
  // connection would hold the stop until it timed out.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
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
