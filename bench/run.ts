/**
 * Runs the benchmarks named on the command line (each when none): `npm run bench -- tree`. `all` is every row of
 * the million-member review on the seeded data set, in one table (bench/all.ts).
 */
import { benchAll } from './all';
import { benchFirstPage } from './first-page';
import { benchImports } from './imports';
import { benchOrderNames } from './order-names';
import { benchOrders } from './orders';
import { benchReads } from './reads';
import { benchSearch } from './search';
import { benchSettlement } from './settlement';
import { benchTop } from './top';
import { benchTransfers } from './transfers';
import { benchTree } from './tree';

const BENCHES: Record<string, () => Promise<void>> = {
  all: benchAll,
  tree: benchTree,
  top: benchTop,
  orders: benchOrders,
  'order-names': benchOrderNames,
  settlement: benchSettlement,
  transfers: benchTransfers,
  reads: benchReads,
  imports: benchImports,
  'first-page': benchFirstPage,
  search: benchSearch,
};

const chosen = process.argv.slice(2).filter((name) => !name.startsWith('-'));
for (const name of chosen.length ? chosen : Object.keys(BENCHES).filter((name) => name !== 'all')) {
  const bench = BENCHES[name];
  if (!bench) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(BENCHES).join(', ')}`);
  console.log(`== ${name}`);
  await bench();
}
