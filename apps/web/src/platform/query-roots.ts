/**
 * The first element of every query key, one per domain. Each domain's key factory (`<domain>.api.ts`) starts
 * from its root, and a change that touches several domains (a move of money: wallet.api.ts `invalidateMoney`)
 * invalidates their roots from here without importing those domains, which would make import cycles.
 */
export const queryRoots = {
  access: ['access'] as const,
  bonus: ['bonus'] as const,
  content: ['content'] as const,
  dashboard: ['dashboard'] as const,
  me: ['me'] as const,
  members: ['members'] as const,
  orders: ['orders'] as const,
  products: ['products'] as const,
  programmes: ['programmes'] as const,
  providers: ['providers'] as const,
  recharge: ['recharge'] as const,
  tree: ['tree'] as const,
  wallet: ['wallet'] as const,
  withdrawals: ['withdrawals'] as const,
};
