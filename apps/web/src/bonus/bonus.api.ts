import {
  type BonusDetail,
  type BonusTypeBody,
  type BonusTypeDto,
  bonusEndpoints,
  type Endpoint,
  explainEndpoints,
  type IncomeDisclosure,
  type JobStarted,
  type LevelDto,
  type PayoutExplanation,
  type RejectSettlementBody,
  type SettlementFlag,
  type SettlementPayoutsFilters,
  type SettlementResult,
  type SettlementReview,
  type StartSettlementBody,
  type Statement,
  settlementEndpoints,
  settlementPayoutsQuery,
  settlementRunsQuery,
  statementEndpoints,
  type UserWalletBonus,
  type WithheldPayouts,
  type WithheldPayoutsQuery,
} from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from '../platform/http';
import { publicConfigKey } from '../platform/public-config';
import { invalidateMoney, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

/** The payout to explain: a paid one, one of a run's list (a dry run's too), or the one a bonus wallet record credited. */
export type PayoutTarget =
  | { source: 'payout'; id: number }
  | { source: 'run'; runId: number; id: number }
  | { source: 'walletRecord'; id: number };

/** The endpoint explaining a payout (`orders`: listing the orders it counted), with the target's path values. */
function explanationOf(
  target: PayoutTarget,
  orders: boolean,
): { endpoint: Endpoint; params: Record<string, number> } {
  switch (target.source) {
    case 'payout':
      return {
        endpoint: orders ? explainEndpoints.payoutOrders : explainEndpoints.payout,
        params: { id: target.id },
      };
    case 'run':
      return {
        endpoint: orders ? explainEndpoints.runPayoutOrders : explainEndpoints.runPayout,
        params: { runId: target.runId, id: target.id },
      };
    case 'walletRecord':
      return {
        endpoint: orders ? explainEndpoints.walletRecordOrders : explainEndpoints.walletRecord,
        params: { id: target.id },
      };
  }
}

export const bonusKeys = {
  all: queryRoots.bonus,
  types: () => [...bonusKeys.all, 'types'] as const,
  levels: () => [...bonusKeys.all, 'levels'] as const,
  settlements: () => [...bonusKeys.all, 'settlements'] as const,
  runPayouts: (runId: number) => [...bonusKeys.settlements(), runId, 'payouts'] as const,
  runReview: (runId: number) => [...bonusKeys.settlements(), runId, 'review'] as const,
  runFlags: (runId: number) => [...bonusKeys.settlements(), runId, 'flags'] as const,
  runChanges: (runId: number, against: 'dry_run' | 'previous') =>
    [...bonusKeys.settlements(), runId, 'changes', against] as const,
  report: (userId: number, by: string, filter: string[] | null) =>
    [...bonusKeys.all, 'report', userId, by, filter] as const,
  detail: (userId: number, typeKey: number, filter: string[], paging: object) =>
    [...bonusKeys.all, 'detail', userId, typeKey, filter, paging] as const,
  explanation: (target: PayoutTarget) => [...bonusKeys.all, 'explanation', target] as const,
  explanationOrders: (target: PayoutTarget) => [...bonusKeys.explanation(target), 'orders'] as const,
  typeHistory: () => [...bonusKeys.all, 'typeHistory'] as const,
  levelHistory: () => [...bonusKeys.all, 'levelHistory'] as const,
  withheld: (userId: number, query: WithheldPayoutsQuery) =>
    [...bonusKeys.all, 'withheld', userId, query] as const,
};

export const settlementsList: ListEndpoint = {
  key: bonusKeys.settlements(),
  endpoint: settlementEndpoints.list,
};

/** The settlement history's filter (a run's state), as the contract reads it (also from the URL). */
export const settlementRunFilters = settlementRunsQuery.pick({ status: true });

/** A run's payouts' filters (member number, bonus type) on its review page, as the contract reads them. */
export const runPayoutFilters = settlementPayoutsQuery.pick({ member: true, type_key: true });

/** Every order a payout counted (a monthly payout's, all of them), paged on the server. */
export const explanationOrdersList = (target: PayoutTarget): ListEndpoint => ({
  key: bonusKeys.explanationOrders(target),
  ...explanationOf(target, true),
});

/** Starts the spreadsheet export of every order a payout counted, as a job. */
export const exportExplanationOrders = (target: PayoutTarget) => {
  const { endpoint, params } = explanationOf(target, true);
  return request<JobStarted>(endpoint, { params, query: { export: 1 } });
};

/** Who changed the bonus types' and the levels' settings, when, before and after (every save refreshes them). */
export const typeHistoryList: ListEndpoint = {
  key: bonusKeys.typeHistory(),
  endpoint: bonusEndpoints.typeHistory,
};
export const levelHistoryList: ListEndpoint = {
  key: bonusKeys.levelHistory(),
  endpoint: bonusEndpoints.levelHistory,
};

/** Every payout of a run (what a dry run would pay, or what a real run paid), paged on the server. */
export const runPayoutsList = (runId: number): ListEndpoint => ({
  key: bonusKeys.runPayouts(runId),
  endpoint: settlementEndpoints.payouts,
  params: { id: runId },
});

/** Starts the spreadsheet export of a run's payouts (all, or those of `filters`: member number, type), as a job. */
export const exportRunPayouts = (runId: number, filters: SettlementPayoutsFilters = {}) =>
  request<JobStarted>(settlementEndpoints.payouts, {
    params: { id: runId },
    query: { ...filters, export: 1 },
  });

/** A run's flagged receivers (held, forfeiting, disabled, paid far more than before), paged; filter `flag`. */
export const runFlagsList = (runId: number): ListEndpoint => ({
  key: bonusKeys.runFlags(runId),
  endpoint: settlementEndpoints.flags,
  params: { id: runId },
});

/** Downloads every flagged receiver of run `runId` (of one flag) as a spreadsheet. */
export const exportRunFlags = (runId: number, flag?: SettlementFlag) =>
  download(settlementEndpoints.flags, `settlement-run-${runId}-flags.xlsx`, {
    params: { id: runId },
    query: { flag, export: 1 },
  });

/** Downloads every member whose amount changed against the dry run or the previous period, as a spreadsheet. */
export const exportRunChanges = (runId: number, against: 'dry_run' | 'previous') =>
  download(settlementEndpoints.changes, `settlement-run-${runId}-changes-${against}.xlsx`, {
    params: { id: runId },
    query: { against, export: 1 },
  });

/** The members whose amount differs most from the latest dry run of the period, or from the previous period. */
export const runChangesList = (runId: number, against: 'dry_run' | 'previous'): ListEndpoint => ({
  key: bonusKeys.runChanges(runId, against),
  endpoint: settlementEndpoints.changes,
  params: { id: runId },
});

/** What a second administrator checks before approving run `runId` (totals, flags, differences). */
export const useSettlementReview = (runId: number) =>
  useQuery({
    queryKey: bonusKeys.runReview(runId),
    queryFn: () => request<SettlementReview>(settlementEndpoints.review, { params: { id: runId } }),
    enabled: Number.isInteger(runId) && runId > 0,
    retry: false,
  });

export const useBonusTypes = () =>
  useQuery({ queryKey: bonusKeys.types(), queryFn: () => request<BonusTypeDto[]>(bonusEndpoints.types) });

export const useLevelSettings = () =>
  useQuery({ queryKey: bonusKeys.levels(), queryFn: () => request<LevelDto[]>(bonusEndpoints.levels) });

/** Creates (`create`) or edits a bonus type; the types and the reports' columns refresh. */
export const useSaveBonusType = () =>
  useWrite({
    send: ({ key, create, body }: { key: number; create: boolean; body: BonusTypeBody }) =>
      create
        ? to(bonusEndpoints.createType, { body: { ...body, key } })
        : to(bonusEndpoints.updateType, { params: { key }, body }),
    invalidates: [bonusKeys.all],
  });

/** Edits a level's bonus settings; level names shown elsewhere (the public config) refresh too. */
export const useSaveLevel = () =>
  useWrite({
    send: ({ id, values }: { id: number; values: object }) =>
      to(bonusEndpoints.updateLevel, { params: { id }, body: values }),
    invalidates: [bonusKeys.all, publicConfigKey],
  });

/**
 * Starts a settlement run as a job, followed in its progress dialog: a dry run paying nothing, or a real run
 * computing into awaiting approval (409 'bonus.runPending', toasted, when the period has a run awaiting approval
 * or being paid).
 */
export const useStartSettlement = () =>
  useWrite<StartSettlementBody, JobStarted>({
    send: ({ period, type_key, dry_run }) =>
      to(dry_run ? settlementEndpoints.preview : settlementEndpoints.start, { body: { period, type_key } }),
    invalidates: [bonusKeys.settlements()],
    toast: false,
  });

/**
 * Approves a run awaiting approval: a job that pays it, followed in its progress dialog (refusals toasted: 403
 * 'bonus.approveOwnRun' for its starter, 409 'bonus.runStale' or 'bonus.runNotAwaiting'). When the job ends,
 * `useSettlementEnded`.
 */
export const useApproveSettlement = () =>
  useWrite<number, JobStarted>({
    send: (runId) => to(settlementEndpoints.approve, { params: { id: runId } }),
    invalidates: [bonusKeys.settlements()],
    toast: false,
  });

/** Rejects a run awaiting approval with a reason: nothing of it is paid; the run and the history refresh. */
export const useRejectSettlement = () =>
  useWrite<{ runId: number; body: RejectSettlementBody }, SettlementResult>({
    send: ({ runId, body }) => to(settlementEndpoints.reject, { params: { id: runId }, body }),
    invalidates: [bonusKeys.settlements()],
  });

/** After a settlement job ended (done or failed): the history, and what its payments changed. */
export function useSettlementEnded() {
  const client = useQueryClient();
  return () => invalidateMoney(client);
}

/** A member's bonuses per day or month and type, in a date range (`filter` null: not asked yet). */
export const useMemberBonusReport = (userId: number, by: 'day' | 'month', filter: string[] | null) =>
  useQuery({
    queryKey: bonusKeys.report(userId, by, filter),
    queryFn: () =>
      request<UserWalletBonus>(bonusEndpoints.memberBonuses, {
        params: { id: userId },
        body: { filter, type: by },
      }),
    enabled: filter !== null,
  });

/** One bonus type's credits of a member, paged on the server. */
export const useMemberBonusDetail = (
  userId: number,
  typeKey: number,
  filter: string[],
  paging: { page: number; pageSize: number },
) =>
  useQuery({
    queryKey: bonusKeys.detail(userId, typeKey, filter, paging),
    queryFn: () =>
      request<BonusDetail>(bonusEndpoints.cashBack, {
        params: { id: userId },
        body: { key: typeKey, filter, ...paging },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** How a payout came about, recomputed by the settlement engine (`target` null: nothing asked yet). */
export const usePayoutExplanation = (target: PayoutTarget | null) =>
  useQuery({
    queryKey: bonusKeys.explanation(target ?? { source: 'payout', id: 0 }),
    queryFn: () => {
      const { endpoint, params } = explanationOf(target!, false);
      return request<PayoutExplanation>(endpoint, { params });
    },
    enabled: target !== null,
    retry: false,
  });

/** A member's held and forfeited payouts (not credited), a page of them with the sums and the member's status. */
export const useWithheldPayouts = (userId: number, query: WithheldPayoutsQuery) =>
  useQuery({
    queryKey: bonusKeys.withheld(userId, query),
    queryFn: () =>
      request<WithheldPayouts>(bonusEndpoints.withheldPayouts, { params: { id: userId }, query }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Earnings statements and the income disclosure (docs/product/bonus-reports.md), under the bonus root: a
 * settlement, a reversal or any money change (moneyRoots) refreshes them too.
 */
export const statementKeys = {
  all: [...queryRoots.bonus, 'statements'] as const,
  statement: (userId: number | undefined, month: string) =>
    [...statementKeys.all, userId ?? 'me', month] as const,
  payouts: (userId: number | undefined, month: string) =>
    [...statementKeys.statement(userId, month), 'payouts'] as const,
  disclosure: (year: string) => [...statementKeys.all, 'disclosure', year] as const,
};

/** A member's statement of a month (`userId` undefined: the signed-in member's own). */
export const useStatement = (userId: number | undefined, month: string) =>
  useQuery({
    queryKey: statementKeys.statement(userId, month),
    queryFn: () => request<Statement>(statementEndpoints.statements, { query: { user_id: userId, month } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The statement month's payouts, paged on the server (filters: `{ user_id, month }`). */
export const statementPayoutsList = (userId: number | undefined, month: string): ListEndpoint => ({
  key: statementKeys.payouts(userId, month),
  endpoint: statementEndpoints.payouts,
});

/** Downloads the statement as .xlsx (a summary sheet and every payout). */
export const exportStatement = (userId: number | undefined, month: string, userNo: string) =>
  download(statementEndpoints.statements, `statement-${userNo}-${month}.xlsx`, {
    query: { user_id: userId, month, export: 1 },
  });

/** The income disclosure of a year. */
export const useIncomeDisclosure = (year: string) =>
  useQuery({
    queryKey: statementKeys.disclosure(year),
    queryFn: () => request<IncomeDisclosure>(statementEndpoints.incomeDisclosure, { query: { year } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Downloads the income disclosure of a year as .xlsx. */
export const exportIncomeDisclosure = (year: string) =>
  download(statementEndpoints.incomeDisclosure, `income-disclosure-${year}.xlsx`, {
    query: { year, export: 1 },
  });
