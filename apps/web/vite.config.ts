import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './build/precompress';
import { preloadFirstChunks } from './build/preload-first-chunks';

/**
 * Framework packages every signed-in page loads, each in a chunk of its own (docs/performance/web.md): a release
 * that changes only our code leaves these files, and their cached copies, as they are. Only packages every
 * signed-in page imports belong here: a module put in one of these chunks loads with it. The sign-in page of a
 * fresh load takes only react of them (shell/login/), zod with the first keystroke.
 */
const VENDOR_CHUNKS: Record<string, string> = {
  react: 'react',
  'react-dom': 'react',
  scheduler: 'react',
  'react-router': 'router',
  'react-router-dom': 'router',
  zod: 'zod',
  axios: 'http',
  '@tanstack/query-core': 'http',
  '@tanstack/react-query': 'http',
  i18next: 'i18n',
  'react-i18next': 'i18n',
};

function vendorChunk(id: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  return match?.[1] ? VENDOR_CHUNKS[match[1]] : undefined;
}

// Dev server proxies the API; `vite build` writes apps/web/dist, which the API serves in production, with a
// .br and a .gz copy beside each compressible file (build/precompress.ts).
export default defineConfig({
  root: import.meta.dirname,
  // The plugin's types come from the vite that vitest hoists; the plugin itself works with this one.
  plugins: [react() as unknown as PluginOption, preloadFirstChunks(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
