import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** The chunks a fresh load needs first: React (both starts import it) and the stand-alone sign-in page. */
const FIRST_CHUNKS = [
  (chunk: OutputChunk) => chunk.name === 'react',
  (chunk: OutputChunk) => chunk.facadeModuleId?.endsWith('/shell/login/standalone.tsx') === true,
];

/** The chunk and every chunk it imports statically, each once; not the entry, which index.html loads. */
function withImports(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()): Set<string> {
  if (chunk.isEntry || into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === 'chunk') withImports(bundle, imported, into);
  }
  return into;
}

/**
 * index.html's entry imports nothing statically (src/main.tsx), so the chunk it picks, the sign-in page or the
 * app, and that chunk's imports would be fetched only once it ran. This names React and the sign-in page's
 * chunks in `<link rel="modulepreload">` tags: fetched beside the entry, evaluated only when imported (the app's
 * start shares React; the sign-in chunks it does not use are a few kilobytes).
 */
export function preloadFirstChunks(): Plugin {
  return {
    name: 'preload-first-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
        const files = new Set<string>();
        for (const isFirst of FIRST_CHUNKS) {
          const chunk = chunks.find(isFirst);
          if (!chunk) throw new Error('a first chunk to preload is missing (build/preload-first-chunks.ts)');
          withImports(bundle!, chunk, files);
        }
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
