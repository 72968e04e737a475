import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The web app's policy: everything from this origin. antd writes its component styles into <style>
 * elements at run time, hence inline styles; proofs and exports are opened as blob: URLs.
 */
const APP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
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
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body ?? '').digest('base64')}'`,
  );
  const directives = { ...APP_DIRECTIVES, 'script-src': [...(APP_DIRECTIVES['script-src'] ?? []), ...hashes] };
  reply.header('content-security-policy', serialise(directives));
}

const serialise = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
