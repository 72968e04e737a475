import { relative, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Vite names every file under assets/ by a hash of its content: a changed file is a new URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and the SPA fallback, which sends it) is revalidated on every load, so a release shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * @fastify/static's options for the built web app (docs/performance/web.md): the build stores a `.br` and a
 * `.gz` copy beside each compressible file (apps/web/build/precompress.ts) and the copy the request's
 * Accept-Encoding prefers is sent as it is (brotli, then gzip, else the file itself); hashed assets are cached
 * for a year, everything else revalidated.
 */
export function webAppStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    preCompressed: true,
    // send's own `public, max-age=0` is replaced by ours.
    cacheControl: false,
    setHeaders(res, path) {
      const hashed = relative(root, path).startsWith(`assets${sep}`);
      res.setHeader('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      // The answer depends on Accept-Encoding: a shared cache must not give a brotli copy to a client without it.
      res.setHeader('vary', 'accept-encoding');
    },
  };
}
