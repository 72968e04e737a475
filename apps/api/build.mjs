// Bundles the API (with packages/contracts inlined) into dist/server.js, the operator command line
// (npm run admin) into dist/admin.js and the upgrade's migration step (npm run migrate) into dist/migrate.js,
// so none needs a TypeScript runner; node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', admin: 'src/cli/admin.ts', migrate: 'src/cli/migrate.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Workspace packages are TypeScript sources: bundle them, keep the rest external.
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
