/**
 * Bonus settlement: computing a period's payouts (dry runs, and real runs that await a second administrator's
 * approval), approving and paying them, rejecting, and reading runs, their payouts and their review. Code outside
 * this folder imports only this file (docs/architecture.md, "Bonus settlement").
 */
export { assertListKept, forgetOldDryRunLists } from './dry-run-lists';
export { periodRange } from './periods';
export { rulesInForce, typesToRun } from './rules';
export { approveRun, rejectRun, runSettlement, settlePeriod } from './run';
export { listsComputed, runOf } from './runs.queries';
export { settlementLostJobs } from './settlement.job';
export { countingOrder, loadEngineInput, type PeriodRange } from './settlement.loader';
export { settlementRoutes } from './settlement.routes';
export { lockSettlements, SETTLEMENT_LOCK } from './settlement-lock';
