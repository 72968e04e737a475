import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

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

/**
 * Security headers on every answer (pages, /api answers, errors, files): the CSP above, no framing
 * (frame-ancestors and X-Frame-Options), nosniff, a referrer policy, and HSTS when the request came
 * over TLS (`req.protocol` believes X-Forwarded-Proto only from a proxy TRUST_PROXY trusts).
 * Registered first, so even a request refused in an earlier hook carries them.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_DIRECTIVES },
    frameguard: { action: 'deny' },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
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
