import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

/** Scripts from this origin only: no inline scripts, no eval (the web app runs zod jitless for it). */
const SCRIPT_SRC = ["'self'"];

/**
 * The web app's policy: everything from this origin. antd writes its component styles into <style>
 * elements at run time, hence inline styles. A recharge proof opens as a blob: URL in its own tab, a
 * navigation that img-src does not govern.
 */
const APP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': SCRIPT_SRC,
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A year, as browsers' preload lists ask. */
const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_DIRECTIVES },
  frameguard: { action: 'deny' },
  xContentTypeOptions: true,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
} as const;
/** The headers above as a middleware, built once: every answer's, and those given before routing. */
const securityHeaders = helmet(HELMET_OPTIONS);

/**
 * Security headers on every answer (pages, /api answers, errors, files): the CSP above, no framing
 * (frame-ancestors and X-Frame-Options), nosniff, a referrer policy, and HSTS when the request came
 * over TLS (`req.protocol` believes X-Forwarded-Proto only from a proxy TRUST_PROXY trusts).
 * Registered first, so even a request refused in an earlier hook carries them.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // helmet's middleware built once: @fastify/helmet built it again for every request (its options parsed,
  // the CSP serialised), a tenth of the API's own CPU time on an authenticated read.
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, () => {});
    addHstsOverTls(req, reply);
    done();
  });
}

/**
 * The same headers on an answer given before routing (a bad or over-long URL: Fastify's frameworkErrors),
 * which no hook sees. Fastify's request there ignores TRUST_PROXY, so HSTS comes only over TLS to this
 * process; behind a proxy the browser keeps it from the site's other answers.
 */
export function addSecurityHeadersBeforeRouting(req: FastifyRequest, reply: FastifyReply): void {
  securityHeaders(req.raw, reply.raw, () => {});
  addHstsOverTls(req, reply);
}

function addHstsOverTls(req: FastifyRequest, reply: FastifyReply): void {
  if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/**
 * The CSP of a page that starts its script bundle from inline <script> blocks (the API reference):
 * the app's policy plus exactly those blocks, allowed by their SHA-256 hashes. Set in onSend, where
 * the page is known, replacing the app's policy.
 */
export function allowInlineScriptsOf(reply: FastifyReply, html: string): void {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => hashSource(body ?? ''));
  const directives = { ...APP_DIRECTIVES, 'script-src': [...SCRIPT_SRC, ...hashes] };
  reply.header('content-security-policy', serialise(directives));
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

const hashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

const serialise = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
