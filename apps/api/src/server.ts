import { loadConfig } from './config';
import { type RunningServer, startServer } from './startup/start-server';
import { stopOnSignals } from './startup/stop-on-signals';

const config = loadConfig();
let server: RunningServer;
try {
  server = await startServer(config);
} catch (error) {
  console.error(`The server did not start: ${(error as Error).message}`);
  process.exit(1);
}
console.log(server.banner);
stopOnSignals(server, config.shutdownGraceMs ?? 20_000);
