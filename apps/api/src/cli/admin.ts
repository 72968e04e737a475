/** Operator command line: `npm run admin -- --help`. Bundled to dist/admin.js beside the server. */
import { runAdminCli } from './run-admin-cli';

process.exitCode = await runAdminCli(process.argv.slice(2));
