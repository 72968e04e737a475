import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

// Dev server proxies the API; `vite build` writes apps/web/dist, which the API serves in production.
export default defineConfig({
  root: import.meta.dirname,
  // The plugin's types come from the vite that vitest hoists; the plugin itself works with this one.
  plugins: [react() as unknown as PluginOption],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
