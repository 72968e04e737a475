import { read } from 'read';
import { CliError } from './cli-error';

/**
 * A password from the environment variable `envName`, else typed twice on the terminal without echo.
 * Never from an argument: it would stay in the shell history and show in the process list.
 */
export async function readPassword(envName: string, env: NodeJS.ProcessEnv): Promise<string> {
  const fromEnv = env[envName];
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new CliError(`No password: set ${envName}, or run this on a terminal to be asked for it.`, 2);
  const first = await ask('New password: ');
  if (first !== (await ask('Same password again: '))) throw new CliError('The two passwords differ.');
  return first;
}

async function ask(prompt: string): Promise<string> {
  try {
    return await read({ prompt, silent: true, output: process.stderr });
  } catch {
    throw new CliError('Cancelled.', 130);
  }
}
