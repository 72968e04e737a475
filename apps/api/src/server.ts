import { loadConfig } from './config';
import { logBanner } from './startup/banner';
import { stdoutLogOutput } from './startup/log-output';
import { logStartFailure } from './startup/start-log';
import { type RunningServer, startServer } from './startup/start-server';
import { stopOnSignals } from './startup/stop-on-signals';

let server: RunningServer;
let serve: (server: RunningServer) => void;
try {
  // Settings it cannot take (TOKEN_TTL_SECONDS=abc) stop the start here, before any database is opened.
  const config = loadConfig();
  serve = stopOnSignals(config.shutdownGraceMs ?? 20_000, stdoutLogOutput());
  server = await startServer(config);
} catch (error) {
  logStartFailure(error);
  await stdoutLogOutput().flushed(500);
  process.exit(1);
}
logBanner(server.banner, server.url);
serve(server);
