import {
  type Endpoint,
  hasPermission,
  knownTimeZone,
  type Locale,
  type MessageKey,
  type PermId,
  ResultCode,
  resolveLocale,
  translate,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import type { Config } from '../../config';
import { type AccountCaller, type Caller, type CallerLoader, systemCaller } from '../caller';
import type { Db } from '../db/client';
import type { ReadReplicas } from '../db/read-replicas';
import type { JobHost } from '../jobs/job-host';
import type { Mailer } from '../mail/mailer';
import { sourceOf } from './call-source';
import { AppError, forbidden } from './errors';
import { runWithReplicas } from './read-routing';
import { refuseUnstorableText } from './storable-text';
import type { TokenService } from './tokens';
import { parseOrThrow } from './validation';

/**
 * Who may call a route. Every route declares one; a test fails on any route without it.
 * - public: anyone
 * - user: any signed-in user
 * - member: signed-in non-admins holding `perm` (they act on their own data only)
 * - admin: administrators holding `perm` (a permission number, docs/product/access.md; '*' holders pass everything),
 *   or any one of several (`access.admin([a, b])`)
 * - holder: admins or members holding `perm`; the handler scopes members to their own data
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'member'; perm?: PermId }
  | { kind: 'admin'; perm?: PermId | readonly PermId[] }
  | { kind: 'holder'; perm: PermId };

export const access = {
  public: { kind: 'public' } as Access,
  user: { kind: 'user' } as Access,
  member: (perm?: PermId): Access => ({ kind: 'member', perm }),
  admin: (perm?: PermId | readonly PermId[]): Access => ({ kind: 'admin', perm }),
  holder: (perm: PermId): Access => ({ kind: 'holder', perm }),
};

export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  /** Where this process runs jobs (exports, imports, settlement runs). */
  jobs: JobHost;
  /** Who a verified token's user is now (app.ts passes access/caller.ts: platform knows no domain). */
  loadCaller: CallerLoader;
  /** Moves a session's "last seen" (access/sessions.ts), when the caller's check found it due. */
  touchSession: (db: Db, sessionId: string, address: string | null) => Promise<void>;
  /** Sends mail through SMTP_URL; null when mail is off (platform/mail/mailer.ts). */
  mailer: Mailer | null;
  /** Streaming replicas taking the heavy reads (DATABASE_READ_URL); absent, every read is the primary's. */
  replicas?: ReadReplicas;
}

export interface Ctx<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  locale: Locale;
  /** The requester's IANA time zone (`Time-Zone` header; UTC when absent or unknown), for the times of exports. */
  timeZone: string;
  req: FastifyRequest;
  reply: FastifyReply;
  app: AppContext;
}
export interface AuthedCtx<B, Q, P, C extends AccountCaller = AccountCaller> extends Ctx<B, Q, P> {
  /** The signed-in account and where the request came from: what reads and changes take. */
  caller: C;
}

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

interface RouteBase<SB, SQ, SP> {
  /** The method and path, declared in @app/contracts (packages/contracts/src/endpoints/) for the web app too. */
  endpoint: Endpoint;
  body?: SB;
  query?: SQ;
  params?: SP;
  /** Success message key for the envelope's msg, or a function of the handler's answer when it says what happened. */
  message?: MessageKey | ((answer: never) => SuccessMessage);
  /** Multipart or raw bodies are read by the handler itself. */
  rawBody?: boolean;
  /**
   * A heavy read (lists, trees, reports, dashboards, exports) that a read replica may serve
   * (platform/http/read-routing.ts); its handler must not write through `app.db`.
   */
  reads?: 'replica';
  /** What the OpenAPI document says besides the schemas and the access rule (platform/openapi). */
  docs?: RouteDocs;
  /**
   * Answered to an administrator who must still set up two-factor sign-in (ADMIN_2FA=required): the set-up itself,
   * who they are, signing out. Every other route refuses them 403 'access.twoFactorSetupRequired'.
   */
  beforeTwoFactor?: true;
}

/** A success message chosen from a handler's answer: its key and the values of its `{name}` placeholders. */
export type SuccessMessage = readonly [MessageKey, Record<string, string | number>?];

export interface RouteDocs {
  summary?: string;
  /** Markdown. */
  description?: string;
  /** Headers the handler reads, beyond Authorization and Locale. */
  headers?: ZodType;
  /** The credentials the route takes when they differ from its access rule's Bearer token. */
  security?: Array<Record<string, string[]>>;
  /** The handler honours the Idempotency-Key header (platform/http/idempotency.ts). */
  idempotencyKey?: true;
}

export type RouteDef =
  | (RouteBase<ZodType, ZodType, ZodType> & {
      access: Access & { kind: 'public' };
      handler: (ctx: Ctx<unknown, unknown, unknown> & { caller: Caller }) => Promise<unknown>;
    })
  | (RouteBase<ZodType, ZodType, ZodType> & {
      access: Access;
      loadCaller?: CallerLoader;
      handler: (ctx: AuthedCtx<unknown, unknown, unknown>) => Promise<unknown>;
    });

/**
 * Declares a signed-in route with typed body/query/params from its zod schemas. A hot read of the caller's own
 * data may load it with the caller in one statement (`loadCaller`, built on access/caller.ts' `callerColumns`):
 * one round trip instead of two, and the caller is checked exactly as by the app's loader.
 */
export function route<
  SB extends ZodType | undefined = undefined,
  SQ extends ZodType | undefined = undefined,
  SP extends ZodType | undefined = undefined,
  C extends AccountCaller = AccountCaller,
>(
  def: RouteBase<SB, SQ, SP> & {
    access: Access;
    loadCaller?: CallerLoader<C>;
    handler: (ctx: AuthedCtx<Infer<SB>, Infer<SQ>, Infer<SP>, C>) => Promise<unknown>;
  },
): RouteDef {
  return def as unknown as RouteDef;
}

/** Declares a route anyone may call; its caller is the signed-in account if a valid token came, else kind 'system'. */
export function publicRoute<
  SB extends ZodType | undefined = undefined,
  SQ extends ZodType | undefined = undefined,
  SP extends ZodType | undefined = undefined,
>(
  def: RouteBase<SB, SQ, SP> & {
    handler: (ctx: Ctx<Infer<SB>, Infer<SQ>, Infer<SP>> & { caller: Caller }) => Promise<unknown>;
  },
): RouteDef {
  return { ...def, access: access.public } as unknown as RouteDef;
}

/** Holds `perm`, or one of the permissions listed. */
const holdsAny = (roleIds: AccountCaller['roleIds'], perm: PermId | readonly PermId[] | undefined) =>
  Array.isArray(perm) ? perm.some((p) => hasPermission(roleIds, p)) : hasPermission(roleIds, perm as PermId);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function registerRoutes(app: FastifyInstance, ctx: AppContext, routes: RouteDef[]): void {
  for (const def of routes) {
    const loader = ('loadCaller' in def && def.loadCaller) || ctx.loadCaller;
    app.route({
      method: def.endpoint.method,
      url: def.endpoint.path,
      config: { access: def.access },
      handler: async (req, reply) => {
        const locale = resolveLocale(req.headers.locale as string | undefined);
        const caller = await authorize(req, ctx, def, loader);
        // The path first: a refused id is named even when the body is refused too.
        const handlerCtx = {
          params: input(def.params, req.params),
          query: input(def.query, req.query),
          body: input(def.rawBody ? undefined : def.body, req.body),
          locale,
          timeZone: knownTimeZone(req.headers['time-zone'] as string | undefined),
          req,
          reply,
          app: ctx,
          caller,
        };
        const data = ctx.replicas
          ? await runWithReplicas(ctx.replicas, def.reads, handlerCtx, def.handler as never)
          : await def.handler(handlerCtx as never);
        if (reply.sent) return reply;
        const [key, values]: SuccessMessage =
          typeof def.message === 'function' ? def.message(data as never) : [def.message ?? 'common.ok'];
        return { code: ResultCode.OK, msg: translate(key, locale, values), data: data ?? null };
      },
    });
  }
}

/** A request input parsed by its schema; without one, still refused when it holds text PostgreSQL would refuse. */
function input(schema: ZodType | undefined, value: unknown): unknown {
  return schema ? parseOrThrow(schema, value ?? {}) : refuseUnstorableText(value);
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

/**
 * Resolves the caller from the Bearer token and checks the route's access rule. A public route without a valid
 * token has a caller of kind 'system' calling from the request's source, as the audit log has always recorded it.
 */
async function authorize(
  req: FastifyRequest,
  ctx: AppContext,
  def: RouteDef,
  loadCaller: CallerLoader,
): Promise<Caller> {
  const rule = def.access;
  const anonymous = { ...systemCaller(), ...sourceOf(req) };
  const token = bearerToken(req);
  if (!token) {
    if (rule.kind === 'public') return anonymous;
    throw new AppError(ResultCode.UNAUTHORIZED, 'session.loginRequired');
  }
  const check = ctx.tokens.check(token);
  if (!check.ok) {
    if (rule.kind === 'public') return anonymous;
    throw check.reason === 'expired'
      ? new AppError(ResultCode.TOKEN_EXPIRED, 'session.expired')
      : new AppError(ResultCode.ILLEGAL_TOKEN, 'session.illegalToken');
  }
  const { userId, sessionId } = check.claims;
  const caller = await loadCaller(ctx.db, userId, sourceOf(req, sessionId));
  if (!caller) {
    if (rule.kind === 'public') return anonymous;
    throw new AppError(ResultCode.ILLEGAL_TOKEN, 'session.illegalToken');
  }
  if (caller.status !== 1 || !caller.session) {
    if (rule.kind === 'public') return anonymous;
    throw new AppError(ResultCode.SESSION_REVOKED, 'session.revoked');
  }
  if (caller.session.seenDue) await ctx.touchSession(ctx.db, sessionId, caller.origin);
  const setUpFirst = ctx.config.adminTwoFactor && caller.isAdmin && !caller.twoFactor;
  if (setUpFirst && rule.kind !== 'public' && !def.beforeTwoFactor)
    throw new AppError(ResultCode.FORBIDDEN, 'access.twoFactorSetupRequired');
  switch (rule.kind) {
    case 'public':
    case 'user':
      return caller;
    case 'member':
      if (caller.isAdmin || !hasPermission(caller.roleIds, rule.perm)) throw forbidden();
      return caller;
    case 'admin':
      if (!caller.isAdmin || !holdsAny(caller.roleIds, rule.perm)) throw forbidden();
      return caller;
    case 'holder':
      if (!hasPermission(caller.roleIds, rule.perm)) throw forbidden();
      return caller;
  }
}
