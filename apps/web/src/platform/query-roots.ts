import type { QueryClient } from '@tanstack/react-query';

/**
 * The first element of every query key, one per domain. Each domain's key factory (`<domain>.api.ts`) starts
 * from its root, and a change that touches several domains (a move of money)
 * invalidates their roots from here (`moneyRoots`) without importing those domains, which would make import cycles.
 */
export const queryRoots = {
  access: ['access'] as const,
  bonus: ['bonus'] as const,
  content: ['content'] as const,
  dashboard: ['dashboard'] as const,
  me: ['me'] as const,
  members: ['members'] as const,
  notifications: ['notifications'] as const,
  orders: ['orders'] as const,
  products: ['products'] as const,
  programmes: ['programmes'] as const,
  providers: ['providers'] as const,
  recharge: ['recharge'] as const,
  search: ['search'] as const,
  tree: ['tree'] as const,
  views: ['views'] as const,
  wallet: ['wallet'] as const,
  withdrawals: ['withdrawals'] as const,
};

/** What a move of money changes: balances, records, the withdrawal and recharge lists, members' figures, dashboards, bonuses. */
export const moneyRoots = [
  queryRoots.wallet,
  queryRoots.withdrawals,
  queryRoots.recharge,
  queryRoots.members,
  queryRoots.dashboard,
  queryRoots.bonus,
] as const;

/** Refreshes what a move of money changes (`moneyRoots`), e.g. after a settlement job ended. */
export const invalidateMoney = (client: QueryClient) =>
  Promise.all(moneyRoots.map((queryKey) => client.invalidateQueries({ queryKey })));
