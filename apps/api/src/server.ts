import { type Config, loadConfig } from './config';
import { stdoutLogOutput } from './startup/log-output';
import { type RunningServer, startServer } from './startup/start-server';
import { stopOnSignals } from './startup/stop-on-signals';

let config: Config;
let server: RunningServer;
try {
  // A setting it cannot take (BUSINESS_TIME_ZONE=Mars/Base) stops the start here, with the same one line.
  config = loadConfig();
  server = await startServer(config);
} catch (error) {
  console.error(`The server did not start: ${(error as Error).message}`);
  process.exit(1);
}
console.log(server.banner);
stopOnSignals(server, config.shutdownGraceMs ?? 20_000, stdoutLogOutput());
