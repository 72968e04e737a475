import { endpoint } from './endpoint';

/** Bonus types, level settings and their history, a member's bonuses, commission status (docs/product/bonus.md). */
export const bonusEndpoints = {
  levels: endpoint('GET', '/api/common/all-level'),
  updateLevel: endpoint('PUT', '/api/levels/:id'),
  levelHistory: endpoint('GET', '/api/levels/history'),
  types: endpoint('GET', '/api/bonus/types'),
  createType: endpoint('POST', '/api/bonus/types'),
  updateType: endpoint('PUT', '/api/bonus/types/:key'),
  typeHistory: endpoint('GET', '/api/bonus/types/history'),
  memberBonuses: endpoint('POST', '/api/users/:id/getUserWallet'),
  cashBack: endpoint('POST', '/api/users/cash_back/:id'),
  commissionStatus: endpoint('PUT', '/api/users/:id/commission-status'),
  withheldPayouts: endpoint('GET', '/api/users/:id/withheld-payouts'),
};

/** Settlement runs: dry runs, real runs awaiting approval, approval and rejection, the review. */
export const settlementEndpoints = {
  start: endpoint('POST', '/api/bonus/settlements'),
  preview: endpoint('POST', '/api/bonus/settlements/preview'),
  list: endpoint('GET', '/api/bonus/settlements'),
  approve: endpoint('POST', '/api/bonus/settlements/:id/approve'),
  reject: endpoint('POST', '/api/bonus/settlements/:id/reject'),
  review: endpoint('GET', '/api/bonus/settlements/:id/review'),
  flags: endpoint('GET', '/api/bonus/settlements/:id/flags'),
  changes: endpoint('GET', '/api/bonus/settlements/:id/changes'),
  payouts: endpoint('GET', '/api/bonus/settlements/:id/payouts'),
};

/** Why a payout is what it is: a paid payout, a run's payout or a wallet record, and the orders behind it. */
export const explainEndpoints = {
  payout: endpoint('GET', '/api/bonus/payouts/:id/explanation'),
  runPayout: endpoint('GET', '/api/bonus/settlements/:runId/payouts/:id/explanation'),
  walletRecord: endpoint('GET', '/api/bonus/wallet-records/:id/explanation'),
  payoutOrders: endpoint('GET', '/api/bonus/payouts/:id/explanation/orders'),
  runPayoutOrders: endpoint('GET', '/api/bonus/settlements/:runId/payouts/:id/explanation/orders'),
  walletRecordOrders: endpoint('GET', '/api/bonus/wallet-records/:id/explanation/orders'),
};

/** Members' statements and the yearly income disclosure. */
export const statementEndpoints = {
  statements: endpoint('GET', '/api/bonus/statements'),
  payouts: endpoint('GET', '/api/bonus/statements/payouts'),
  incomeDisclosure: endpoint('GET', '/api/bonus/income-disclosure'),
};
