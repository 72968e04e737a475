import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../bootstrap';
import { loadDatabaseLocation } from '../config';
import { openDatabase } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { appErrorText } from '../platform/http/validation';
import { ADMIN_COMMANDS, ADMIN_HELP, type AdminCommand, cliOrigin } from './admin-commands';
import { CliError, usageError } from './cli-error';

/** Runs `npm run admin -- <command> [options]`; answers the process exit code. */
export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const parsed = parseCommandLine(argv);
    if (!parsed) {
      process.stdout.write(ADMIN_HELP);
      return 0;
    }
    const location = loadDatabaseLocation(env);
    // PGlite lets a second process open its folder and corrupt it; its pid file exists while it is open.
    if (location.dataDir && existsSync(join(location.dataDir, 'postmaster.pid')))
      throw new CliError(
        `The embedded database in ${location.dataDir} is open in another process (a running server?): stop it first. ` +
          'If no server runs (it was killed), start and stop the server once, then try again.',
      );
    const database = openDatabase(location);
    try {
      await prepareDatabase(database);
      const done = await parsed.command.run(database.db, parsed.values, env, cliOrigin());
      process.stdout.write(`${done}\n`);
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${describe(error)}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}

const PASSWORD_REFUSED =
  'Passwords are not taken as arguments: they would stay in the shell history. Set ADMIN_PASSWORD ' +
  '(administrators) or MEMBER_PASSWORD (members), or leave it out to be asked on the terminal.';

/** The command and its options; null for --help. Never echoes an argument back: it might be a password. */
function parseCommandLine(argv: string[]): { command: AdminCommand; values: Record<string, string> } | null {
  const names = [...new Set(Object.values(ADMIN_COMMANDS).flatMap((c) => c.options)), 'password'];
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      },
    });
  } catch (error) {
    throw usageError(String((error as Error).message).split('. ')[0]!);
  }
  const { values, positionals } = parsed;
  if (values.password !== undefined) throw usageError(PASSWORD_REFUSED);
  const [name, ...rest] = positionals;
  if (values.help || !name) return null;
  const command = ADMIN_COMMANDS[name];
  if (!command) throw usageError(`Unknown command ${JSON.stringify(name)}.`);
  if (rest.length > 0)
    throw usageError(`Unexpected argument after ${name} (not shown: it might be a password).`);
  const extra = Object.keys(values).find((key) => !command.options.includes(key));
  if (extra) throw usageError(`${name} takes no --${extra}.`);
  return { command, values: values as Record<string, string> };
}

const optionName = (field: string) => (field === 'password' ? field : `--${field.replaceAll('_', '-')}`);

/** One line for the operator, in English like the server's console output. */
function describe(error: unknown): string {
  if (error instanceof CliError) return error.message;
  if (error instanceof AppError) return `Refused: ${appErrorText(error, optionName)}`;
  return `Failed: ${error instanceof Error ? error.message : String(error)}`;
}
