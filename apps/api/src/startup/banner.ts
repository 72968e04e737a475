import { type Config, refundAdmin } from '../config';
import type { StartZone } from './business-time-zone';
import type { DemoOutcome, FirstStart } from './first-start';
import { startLog } from './start-log';

const DEMO_LINE: Record<DemoOutcome, (config: Config) => string> = {
  loaded: () => 'loaded now (SEED_DEMO=false skips it); its passwords are public: not for real data',
  present: () => 'present (loaded on an earlier start)',
  notEmpty: () => 'not loaded: the database already holds accounts',
  off: (config) =>
    config.databaseUrl
      ? 'not loaded (off by default with DATABASE_URL; SEED_DEMO=true loads it into an empty database)'
      : 'not loaded (SEED_DEMO=false)',
};

/**
 * What an operator needs to know after a start: where it runs, on what data, and how to get in; one line each,
 * the first saying where it runs (logBanner writes them).
 */
export function startBanner(
  config: Config,
  url: string,
  databaseText: string,
  start: FirstStart,
  business: StartZone,
): string[] {
  const lines = [`Membership back-office is running at ${url}`, `Database: ${databaseText}`];
  lines.push(
    `Business time zone: ${business.zone} (days and months of bonus periods, date filters and reports)`,
  );
  if (business.changedFrom)
    lines.push(
      `  set now from BUSINESS_TIME_ZONE (was ${business.changedFrom}): settle the day of the change again (docs/operations.md)`,
    );
  lines.push(`Demo data: ${DEMO_LINE[start.demo](config)}`);
  lines.push(
    config.adminTwoFactor
      ? 'Two-factor sign-in: required of administrators (ADMIN_2FA=required)'
      : 'Two-factor sign-in: optional for every account (ADMIN_2FA=off)',
  );
  lines.push(`Mail: ${mailLine(config)}`);
  if (!config.webDist) lines.push('Web app not built: run `npm run build` (the API answers under /api).');
  if (start.initialAdmin)
    lines.push(`First super administrator ${start.initialAdmin} made from INITIAL_ADMIN_*.`);
  if (start.demoLogins.length > 0) {
    lines.push('Demo logins:');
    for (const l of start.demoLogins) lines.push(`  ${l.role.padEnd(12)} ${l.account} / ${l.password}`);
  }
  const sameDatabase = config.databaseUrl
    ? 'with this server’s DATABASE_URL set'
    : 'after stopping this server (the embedded database opens in one process at a time)';
  if (!start.hasAdmin)
    lines.push(
      `No administrator can sign in yet. Make the first super administrator, ${sameDatabase}:`,
      '  npm run admin -- create-admin --name <account> --email <e-mail>',
      '(or start once with INITIAL_ADMIN_NAME, INITIAL_ADMIN_EMAIL and INITIAL_ADMIN_PASSWORD set).',
    );
  if (!start.hasTopSponsor)
    lines.push(
      'No top sponsor yet (every member is made under a sponsor). Make the company’s top sponsor:',
      '  npm run admin -- create-sponsor --name <account> --email <e-mail> [--display-name <name>]',
    );
  if (start.hasAdmin && !start.refundAdminFound)
    lines.push(
      `No refund can be confirmed: REFUND_ADMIN is "${refundAdmin(config)}", which is no enabled administrator's account.`,
      '  Set REFUND_ADMIN to the account name of the administrator who confirms refunds.',
    );
  return lines;
}

/** Where mail goes, its password never shown; or that there is none, and what that costs. */
function mailLine(config: Config): string {
  if (!config.mail) return 'off (SMTP_URL unset): no password reset by e-mail, no e-mail notifications';
  const server = new URL(config.mail.smtpUrl);
  return `through ${server.protocol}//${server.host} as ${config.mail.from}`;
}

/** The banner as a JSON log line (its first line the message, `url` and every line in `banner`), readable on a terminal. */
export function logBanner(banner: readonly string[], url: string): void {
  startLog({
    level: 'info',
    msg: banner[0] ?? '',
    fields: { url, banner },
    readable: `\n${banner.map((line) => `  ${line}`).join('\n')}\n`,
  });
}
