import { describe, expect, it } from 'vitest';
import { apiCode, localImports, topOf } from './source-imports.testing';

/**
 * Every import from one folder of apps/api/src into another (domains, the operator command line, seeding, start-up,
 * the test helpers) that exists today, and why. Platform and config.ts are below them all and not listed
 * (layering.unit.test.ts); `app`, `bootstrap` are the files at the top that join the domains. A new arrow is a
 * decision: add it here with its reason, or import the other way round; a line no code uses any more goes.
 */
const ALLOWED_IMPORTS: Record<string, string> = {
  'access -> members': 'accounts are rows of users, made by members.service',
  'access -> notifications':
    'a password reset mail is written in the language the account chose for its mail',
  'bonus -> members': 'payees, their levels, and how a member is shown (member.presenter)',
  'bonus -> notifications':
    'members hear of payouts credited and held payouts released; approvers of runs awaiting them',
  'bonus -> orders': 'bonuses are computed from orders and explained by them',
  'bonus -> programmes': 'the bonus tests scenarios (scenario.db.ts) record qualified CPs',
  'bonus -> providers': 'an explained payout names its order provider; scenarios make providers',
  'bonus -> test': 'scenario.db.ts builds the bonus tests scenarios with the TestFactory',
  'bonus -> wallet': 'payouts and commissions are posted to the ledger',
  'cli -> access': 'the operator commands on accounts (operator-accounts.ts)',
  'cli -> bonus': 'the settle command runs a settlement',
  'cli -> bootstrap': 'the database is migrated before a command',
  'cli -> members': 'a new account name or e-mail is checked unique',
  'content -> access': 'level names of the audience picker',
  'content -> members': 'authors are users; content is aimed at levels',
  'content -> seed': 'demo content (content.seed.ts)',
  'dashboard -> bonus': 'the bonus figures count orders as settlement does',
  'dashboard -> members': 'member counts from the tallies',
  'dashboard -> orders': "a member's team sales per month are the orders totals of their downline",
  'dashboard -> tree': 'the growth of a member’s downline, counted over its path range',
  'members -> dashboard': "the member report's sales per period come from the dashboard's activity rollup",
  'members -> access': 'a new member gets the member role and a password hash; level names',
  'members -> programmes': 'a member detail shows their qualified CPs',
  'members -> seed': 'demo members (members.demo.ts)',
  'members -> tree': 'members are placed in and moved between the trees',
  'members -> wallet': 'a member balances; the unused wallet of a removed member goes with it',
  'notifications -> bonus': 'settlement runs awaiting approval are counted live for their approvers',
  'notifications -> content': 'announcements are notifications, read with their read marks from content',
  'notifications -> members':
    'notifications and preferences belong to users; mail goes to their e-mail address',
  'notifications -> recharge': 'recharges waiting to be completed are counted live',
  'notifications -> withdrawals': 'withdrawal applications waiting are counted live',
  'orders -> bonus': 'a refund reverses the order bonuses under the settlement lock',
  'orders -> members': 'buyer, referer and sponsor of an order',
  'orders -> products': 'an order is of a product',
  'orders -> providers': 'an order comes from a provider',
  'orders -> seed': 'demo orders (orders.seed.ts)',
  'orders -> tree': 'the totals of a downline',
  'products -> members': 'a product may grant a level',
  'products -> providers': 'a product belongs to a provider',
  'programmes -> bonus': 'CP and WEC count orders as settlement does and pay one-off bonuses',
  'programmes -> members': 'the members taking part',
  'programmes -> providers': 'demo programmes name providers (programmes.seed.ts)',
  'programmes -> seed': 'demo programmes (programmes.seed.ts)',
  'providers -> members': 'a provider referrer is a member',
  'providers -> orders': 'order counts; a provider with orders is not deleted',
  'recharge -> content': 'a recharge proof is sniffed like an attachment',
  'recharge -> members': 'the member recharging',
  'recharge -> notifications':
    'a completed recharge is told to its member; a new one mailed to the administrators',
  'recharge -> wallet': 'a settled recharge is posted to the ledger',
  'search -> members': 'the header search finds members as the member list scopes and shows them',
  'search -> orders': 'the header search finds orders as the orders screen scopes them',
  'seed -> access': 'demo accounts: roles and password hashes',
  'seed -> bonus': 'the demo data set runs each domain seeder',
  'seed -> bootstrap': 'the database is migrated before seeding',
  'seed -> content': 'the demo data set runs each domain seeder',
  'seed -> members': 'the demo data set runs each domain seeder',
  'seed -> orders': 'the demo data set runs each domain seeder',
  'seed -> programmes': 'the demo data set runs each domain seeder',
  'seed -> wallet': 'the demo data set runs each domain seeder',
  'startup -> access': 'the first administrator; stale sign-in attempts forgotten',
  'startup -> app': 'the server listens with the app',
  'startup -> bonus': 'old dry-run lists cleared',
  'startup -> bootstrap': 'the database is migrated at start',
  'startup -> orders': 'the orders totals scopes kept ahead',
  'startup -> programmes': 'WEC assessments complete by themselves',
  'startup -> seed': 'demo data on a first start',
  'tree -> access': 'level names',
  'tree -> members': 'the people in the trees and how they are shown',
  'views -> members': 'saved views and columns belong to users',
  'wallet -> access': 'the wallet summary loads its caller with the balance in one statement',
  'wallet -> bonus': 'the records export names bonus types',
  'wallet -> members': 'wallet holders and the other side of a transfer',
  'wallet -> notifications': 'a transfer is told to its recipient',
  'wallet -> recharge': 'demo wallets are funded by recharges (wallet.seed.ts)',
  'wallet -> seed': 'demo wallets (wallet.seed.ts)',
  'wallet -> test': 'wallet-fixtures.ts, the API tests money fixtures',
  'wallet -> withdrawals': 'demo wallets make withdrawals (wallet.seed.ts)',
  'withdrawals -> members': 'the member withdrawing',
  'withdrawals -> notifications':
    'each step is told to the member; a new application mailed to the administrators',
  'withdrawals -> wallet': 'a withdrawal is posted to the ledger',
};

/** Below every folder: imported by all, listed nowhere. */
const BELOW = new Set(['platform', 'config']);

/** Each arrow between two folders of apps/api/src, with the files that make it. */
function folderImports(): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const file of apiCode()) {
    const from = topOf(file);
    if (!file.includes('/') || BELOW.has(from) || from === 'test') continue;
    for (const to of new Set(localImports(file).map(topOf))) {
      if (to === from || BELOW.has(to)) continue;
      const arrow = `${from} -> ${to}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), file]);
    }
  }
  return arrows;
}

describe('imports between the folders of the API', () => {
  const arrows = folderImports();

  it('are only those listed, each with its reason', () => {
    const unlisted = [...arrows].filter(([arrow]) => !(arrow in ALLOWED_IMPORTS));
    expect(Object.fromEntries(unlisted)).toEqual({});
  });

  it('are all still made, so the list stays true', () => {
    expect(Object.keys(ALLOWED_IMPORTS).filter((arrow) => !arrows.has(arrow))).toEqual([]);
  });
});
