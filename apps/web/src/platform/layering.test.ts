import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** apps/web/src: the paths below are relative to it. */
const SRC = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * The layers, bottom first: platform/, then the domains (every other folder), the shell (layout, menu, sign-in),
 * app/ (the dictionaries, the page registry, the router) and main.tsx. A folder imports only the layers below its
 * own, and a domain the domains listed in DOMAIN_IMPORTS.
 */
const LAYER_ABOVE_DOMAINS = ['shell', 'app', 'main.tsx'];
const layerOf = (top: string) =>
  top === 'platform' ? 0 : LAYER_ABOVE_DOMAINS.includes(top) ? 2 + LAYER_ABOVE_DOMAINS.indexOf(top) : 1;

/**
 * Every import from one domain folder into another that exists today, and why. A new arrow is a decision: add it here
 * with its reason, move what is shared to platform/, or import the other way round; a line no code uses any more goes.
 */
const DOMAIN_IMPORTS: Record<string, string> = {
  'dashboard -> me': "the member's referral link and QR code on the dashboard",
  'dashboard -> programmes': "the member's progress to the next step, in short on the dashboard",
  'me -> notifications': 'the e-mail preferences card of the personal center',
  'members -> bonus': 'the commission status card of the member list and detail',
  'members -> views': 'the saved views and columns of the member list',
  'notifications -> bonus': '"Explain" on a notification of a payout',
  'orders -> members': 'the member picker of the orders filter',
  'orders -> products': 'the product filter',
  'orders -> providers': 'the provider filter; the orders import dialog (SheetImport)',
  'orders -> views': 'the saved views and columns of the orders list',
  'orders -> wallet': 'a refund to the wallet refreshes the wallets',
  'products -> members': 'the levels a product may grant',
  'products -> providers': 'a product belongs to a provider; the products import dialog (SheetImport)',
  'programmes -> members': 'the member picker of the CP and WEP lists; a change refreshes the members',
  'recharge -> members': 'the member picker of a recharge',
  'recharge -> views': 'the saved views and columns of the recharges list',
  'tree -> members': 'whether an administrator may move members in the tree (useAdminCan)',
  'user-detail -> bonus': 'the bonus report and withheld payouts of the wallet section',
  'user-detail -> members':
    'the member, the edit dialog, the commission status, the sections read members endpoints',
  'user-detail -> orders': 'the member orders section and its order dialog',
  'user-detail -> providers': 'the referred providers section and its provider dialog',
  'user-detail -> tree': 'the downline section draws the org chart',
  'user-detail -> wallet': 'the balance and wallet records section',
  'wallet -> bonus': 'the bonus tabs of the wallet page; "Explain" on a bonus record',
  'wallet -> me': "the member's bank details for a withdrawal",
  'wallet -> views': 'the saved views and columns of the transfers and wallet records lists',
  'wallet -> withdrawals': 'the wallet page lists, applies for and cancels withdrawals',
  'withdrawals -> members': 'the member picker of the withdrawal filters',
  'withdrawals -> views': 'the saved views and columns of the withdrawals list',
};

/** The web app's code (tests left out), relative to apps/web/src. */
const webCode = () =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );

/** What a file imports of the app's own sources: `from '…'`, `import '…'` and lazy `import('…')`, relative to SRC. */
const localImports = (file: string) =>
  [...readFileSync(join(SRC, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map((match) =>
    relative(SRC, resolve(SRC, dirname(file), match[1] as string)),
  );

/** The top of a path: its folder under apps/web/src (`bonus` for bonus/statements/…), or the file itself. */
const topOf = (path: string) => path.split('/')[0] as string;

/** Each arrow between two tops, with the files that make it. */
function folderImports(): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const file of webCode())
    for (const target of localImports(file)) {
      const [from, to] = [topOf(file), topOf(target)];
      if (from === to) continue;
      const arrow = `${from} -> ${to}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), `${file} -> ${target}`]);
    }
  return arrows;
}

/** One cycle through each tangle of the graph, as its arrows `a -> b`, `b -> a` (a depth-first search's back edges). */
function cyclesOf(arrows: Iterable<string>): string[][] {
  const next = new Map<string, string[]>();
  for (const arrow of arrows) {
    const [from, to] = arrow.split(' -> ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const done = new Set<string>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    if (path.includes(node)) {
      const around = [...path.slice(path.indexOf(node)), node];
      cycles.push(around.slice(1).map((to, index) => `${around[index]} -> ${to}`));
    }
    if (done.has(node) || path.includes(node)) return;
    path.push(node);
    for (const to of next.get(node) ?? []) visit(to);
    path.pop();
    done.add(node);
  };
  for (const node of [...next.keys()].sort()) visit(node);
  return cycles;
}

describe('the web app', () => {
  const arrows = folderImports();
  const entries = [...arrows];

  it('keeps platform/ at the bottom: it imports no other folder', () => {
    expect(
      entries.filter(([arrow]) => arrow.startsWith('platform -> ')).flatMap(([, files]) => files),
    ).toEqual([]);
  });

  it('imports only down the layers: platform, domains, shell, app, main.tsx', () => {
    const upward = entries.filter(([arrow]) => {
      const [from, to] = arrow.split(' -> ') as [string, string];
      return layerOf(from) < layerOf(to);
    });
    expect(Object.fromEntries(upward)).toEqual({});
  });

  it('has no import cycle between its folders', () => {
    const named = (cycle: string[]) =>
      `${cycle.map((arrow) => arrow.split(' -> ')[0]).join(' -> ')} -> ${cycle[0]?.split(' -> ')[0]}: ${cycle
        .map((arrow) => arrows.get(arrow)?.[0])
        .join('; ')}`;
    expect(cyclesOf(arrows.keys()).map(named)).toEqual([]);
  });

  it('imports between domains only as listed, each with its reason', () => {
    const unlisted = entries.filter(([arrow]) => {
      const [from, to] = arrow.split(' -> ') as [string, string];
      return layerOf(from) === 1 && layerOf(to) === 1 && !(arrow in DOMAIN_IMPORTS);
    });
    expect(Object.fromEntries(unlisted)).toEqual({});
  });

  it('still makes every listed import, so the list stays true', () => {
    expect(Object.keys(DOMAIN_IMPORTS).filter((arrow) => !arrows.has(arrow))).toEqual([]);
  });

  it('finds the imports and cycles it checks (a sanity check of the scan)', () => {
    expect(arrows.get('app -> shell')?.length).toBeGreaterThan(5);
    expect(arrows.has('main.tsx -> app')).toBe(true);
    expect(cyclesOf(['a -> b', 'b -> c', 'c -> a', 'c -> d'])).toEqual([['a -> b', 'b -> c', 'c -> a']]);
  });
});
