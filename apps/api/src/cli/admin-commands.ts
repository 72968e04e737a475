import { hostname, userInfo } from 'node:os';
import { settlementPeriod } from '@app/contracts';
import {
  accountFields,
  createSuperAdmin,
  createTopSponsor,
  findAccount,
  resetPassword,
  sponsorFields,
} from '../access/operator-accounts';
import { runSettlement } from '../bonus/settlement';
import { assertUnique } from '../members/members.service';
import { type Caller, systemCaller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { parseOrThrow } from '../platform/http/validation';
import { usageError } from './cli-error';
import { readPassword } from './password-input';

type Values = Record<string, string | undefined>;

export interface AdminCommand {
  /** Options after the command, besides --help. */
  options: string[];
  usage: string;
  summary: string;
  /** Does the work on a prepared database and answers what it did. */
  run(db: Db, values: Values, env: NodeJS.ProcessEnv, from: Caller): Promise<string>;
}

/** `--display-name` arrives as `display-name`; the contracts' fields are snake_case. */
const fieldsOf = (values: Values) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key.replaceAll('-', '_'), value]));

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'create-admin': {
    options: ['name', 'email', 'phone'],
    usage: '--name <account> --email <e-mail> [--phone <mobile>]',
    summary: 'a super administrator (password: ADMIN_PASSWORD or asked)',
    async run(db, values, env, from) {
      const fields = parseOrThrow(accountFields, fieldsOf(values));
      await assertUnique(db, fields);
      const admin = await createSuperAdmin(db, fields, await readPassword('ADMIN_PASSWORD', env), from);
      return `Super administrator ${admin.name} (id ${admin.id}) created: sign in as ${admin.name} or ${admin.email}.`;
    },
  },
  'create-sponsor': {
    options: ['name', 'email', 'display-name', 'phone'],
    usage: '--name <account> --email <e-mail> [--display-name <name>] [--phone <mobile>]',
    summary:
      "the company's top sponsor: a member with no sponsor, root of the sponsor tree (password: MEMBER_PASSWORD or asked)",
    async run(db, values, env, from) {
      const fields = parseOrThrow(sponsorFields, fieldsOf(values));
      await assertUnique(db, fields);
      const sponsor = await createTopSponsor(db, fields, await readPassword('MEMBER_PASSWORD', env), from);
      return `Top sponsor ${sponsor.name} (id ${sponsor.id}) created: new members are made under sponsor id ${sponsor.id}.`;
    },
  },
  'reset-password': {
    options: ['name'],
    usage: '--name <account>',
    summary:
      "a new password for an administrator (ADMIN_PASSWORD or asked) or a member (MEMBER_PASSWORD or asked); ends the account's sessions",
    async run(db, values, env, from) {
      const account = await findAccount(db, values.name ?? '');
      const envName = account.isAdmin ? 'ADMIN_PASSWORD' : 'MEMBER_PASSWORD';
      await resetPassword(db, account, await readPassword(envName, env), from);
      const kind = account.isAdmin ? 'administrator' : 'member';
      const disabled =
        account.status === 1 ? '' : ' The account is disabled: it cannot sign in until enabled.';
      return `Password of ${kind} ${account.name} changed; its sessions are ended.${disabled}`;
    },
  },
  settle: {
    options: ['period', 'type'],
    usage: '--period <YYYY-MM | YYYY-MM-DD> [--type <bonus type key>]',
    summary:
      "computes a period's settlement in the business time zone into awaiting approval, as a scheduled run would: an administrator holding Approve settlements reviews and approves it before anything is paid",
    async run(db, values, _env, from) {
      const period = parseOrThrow(settlementPeriod, values.period);
      const typeKey = values.type === undefined ? null : Number(values.type);
      if (typeKey !== null && !Number.isInteger(typeKey))
        throw usageError('--type takes a bonus type key (1-21).');
      const { run } = await runSettlement(db, {
        period,
        typeKey,
        dryRun: false,
        startedBy: null,
        actor: from,
      });
      return `Run #${run.id} of ${run.period} (${run.time_zone}) computed: ${run.payout_count} payouts, ${run.total_amount} in all, awaiting approval. Nothing is paid until an administrator approves it.`;
    },
  },
};

export const ADMIN_HELP = `Usage: npm run admin -- <command> [options]

Operator commands on the server's database: the PostgreSQL server of DATABASE_URL, else the embedded
database in DATA_DIR (default ./data; stop the server first, one process at a time may open it).
Migrations are applied first, as on a server start.

Commands:
${Object.entries(ADMIN_COMMANDS)
  .map(([name, command]) => `  ${name} ${command.usage}\n      ${command.summary}`)
  .join('\n')}

Passwords are never taken as arguments (they would stay in the shell history): they come from the
environment variable named above when it is set, else they are asked twice on the terminal without echo.
Every change is written to the audit log with no acting account and the origin cli:<os user>@<host>.
`;

/** The audit log's origin of a command-line change: the operating-system account and host that ran it. */
export function cliOrigin(): Caller {
  let user = process.env.USER ?? 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // A container user without a passwd entry: keep $USER.
  }
  return systemCaller(`cli:${user}@${hostname()}`);
}
