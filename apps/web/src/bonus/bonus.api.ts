import type {
  BonusDetail,
  BonusTypeBody,
  BonusTypeDto,
  IncomeDisclosure,
  JobStarted,
  LevelDto,
  PayoutExplanation,
  RejectSettlementBody,
  SettlementFlag,
  SettlementPayoutsFilters,
  SettlementResult,
  SettlementReview,
  StartSettlementBody,
  Statement,
  UserWalletBonus,
  WithheldPayouts,
  WithheldPayoutsQuery,
} from '@app/contracts';
import { settlementPayoutsQuery, settlementRunsQuery } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../platform/feedback';
import { download, http, send } from '../platform/http';
import { publicConfigKey } from '../platform/public-config';
import { invalidateMoney, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';

/** The bonus endpoints (docs/product/bonus.md). */
export const BONUS = {
  types: '/api/bonus/types',
  type: (key: number) => `/api/bonus/types/${key}`,
  levels: '/api/common/all-level',
  level: (id: number) => `/api/levels/${id}`,
  settlements: '/api/bonus/settlements',
  runPayouts: (runId: number) => `/api/bonus/settlements/${runId}/payouts`,
  runReview: (runId: number) => `/api/bonus/settlements/${runId}/review`,
  runFlags: (runId: number) => `/api/bonus/settlements/${runId}/flags`,
  runChanges: (runId: number) => `/api/bonus/settlements/${runId}/changes`,
  approveRun: (runId: number) => `/api/bonus/settlements/${runId}/approve`,
  rejectRun: (runId: number) => `/api/bonus/settlements/${runId}/reject`,
  preview: '/api/bonus/settlements/preview',
  memberReport: (userId: number) => `/api/users/${userId}/getUserWallet`,
  memberDetail: (userId: number) => `/api/users/cash_back/${userId}`,
  withheld: (userId: number) => `/api/users/${userId}/withheld-payouts`,
  explanation: (target: PayoutTarget) =>
    target.source === 'payout'
      ? `/api/bonus/payouts/${target.id}/explanation`
      : target.source === 'run'
        ? `/api/bonus/settlements/${target.runId}/payouts/${target.id}/explanation`
        : `/api/bonus/wallet-records/${target.id}/explanation`,
  /** Every order the payout counted, paged; `export=1` for all as a spreadsheet job. */
  explanationOrders: (target: PayoutTarget): string => `${BONUS.explanation(target)}/orders`,
  typeHistory: '/api/bonus/types/history',
  levelHistory: '/api/levels/history',
} as const;

/** The payout to explain: a paid one, one of a run's list (a dry run's too), or the one a bonus wallet record credited. */
export type PayoutTarget =
  | { source: 'payout'; id: number }
  | { source: 'run'; runId: number; id: number }
  | { source: 'walletRecord'; id: number };

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

export const settlementsList: ListEndpoint = { key: bonusKeys.settlements(), url: BONUS.settlements };

/** The settlement history's filter (a run's state), as the contract reads it (also from the URL). */
export const settlementRunFilters = settlementRunsQuery.pick({ status: true });

/** A run's payouts' filters (member number, bonus type) on its review page, as the contract reads them. */
export const runPayoutFilters = settlementPayoutsQuery.pick({ member: true, type_key: true });

/** Every order a payout counted (a monthly payout's, all of them), paged on the server. */
export const explanationOrdersList = (target: PayoutTarget): ListEndpoint => ({
  key: bonusKeys.explanationOrders(target),
  url: BONUS.explanationOrders(target),
});

/** Starts the spreadsheet export of every order a payout counted, as a job. */
export const exportExplanationOrders = (target: PayoutTarget) =>
  http.get<JobStarted>(BONUS.explanationOrders(target), { export: 1 });

/** Who changed the bonus types' and the levels' settings, when, before and after (every save refreshes them). */
export const typeHistoryList: ListEndpoint = { key: bonusKeys.typeHistory(), url: BONUS.typeHistory };
export const levelHistoryList: ListEndpoint = { key: bonusKeys.levelHistory(), url: BONUS.levelHistory };

/** Every payout of a run (what a dry run would pay, or what a real run paid), paged on the server. */
export const runPayoutsList = (runId: number): ListEndpoint => ({
  key: bonusKeys.runPayouts(runId),
  url: BONUS.runPayouts(runId),
});

/** Starts the spreadsheet export of a run's payouts (all, or those of `filters`: member number, type), as a job. */
export const exportRunPayouts = (runId: number, filters: SettlementPayoutsFilters = {}) =>
  http.get<JobStarted>(BONUS.runPayouts(runId), { ...filters, export: 1 });

/** A run's flagged receivers (held, forfeiting, disabled, paid far more than before), paged; filter `flag`. */
export const runFlagsList = (runId: number): ListEndpoint => ({
  key: bonusKeys.runFlags(runId),
  url: BONUS.runFlags(runId),
});

/** Downloads every flagged receiver of run `runId` (of one flag) as a spreadsheet. */
export const exportRunFlags = (runId: number, flag?: SettlementFlag) =>
  download(BONUS.runFlags(runId), { flag, export: 1 }, `settlement-run-${runId}-flags.xlsx`, 'GET');

/** Downloads every member whose amount changed against the dry run or the previous period, as a spreadsheet. */
export const exportRunChanges = (runId: number, against: 'dry_run' | 'previous') =>
  download(
    BONUS.runChanges(runId),
    { against, export: 1 },
    `settlement-run-${runId}-changes-${against}.xlsx`,
    'GET',
  );

/** The members whose amount differs most from the latest dry run of the period, or from the previous period. */
export const runChangesList = (runId: number, against: 'dry_run' | 'previous'): ListEndpoint => ({
  key: bonusKeys.runChanges(runId, against),
  url: BONUS.runChanges(runId),
});

/** What a second administrator checks before approving run `runId` (totals, flags, differences). */
export const useSettlementReview = (runId: number) =>
  useQuery({
    queryKey: bonusKeys.runReview(runId),
    queryFn: () => http.get<SettlementReview>(BONUS.runReview(runId)),
    enabled: Number.isInteger(runId) && runId > 0,
    retry: false,
  });

export const useBonusTypes = () =>
  useQuery({ queryKey: bonusKeys.types(), queryFn: () => http.get<BonusTypeDto[]>(BONUS.types) });

export const useLevelSettings = () =>
  useQuery({ queryKey: bonusKeys.levels(), queryFn: () => http.get<LevelDto[]>(BONUS.levels) });

/** Creates (`create`) or edits a bonus type and toasts the server's text; the types and the reports' columns refresh. */
export function useSaveBonusType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, create, body }: { key: number; create: boolean; body: BonusTypeBody }) => {
      const envelope = await send<BonusTypeDto>(
        create
          ? { method: 'POST', url: BONUS.types, data: { ...body, key } }
          : { method: 'PUT', url: BONUS.type(key), data: body },
      );
      feedback.message.success(envelope.msg);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: bonusKeys.all }),
  });
}

/** Edits a level's bonus settings; level names shown elsewhere (the public config) refresh too. */
export function useSaveLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: object }) => http.put(BONUS.level(id), values),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: bonusKeys.all }),
        client.invalidateQueries({ queryKey: publicConfigKey }),
      ]),
  });
}

/**
 * Starts a settlement run as a job: a dry run paying nothing, or a real run computing into awaiting approval
 * (409 'bonus.runPending', toasted, when the period has a run awaiting approval or being paid).
 */
export function useStartSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ period, type_key, dry_run }: StartSettlementBody) =>
      http.post<JobStarted>(dry_run ? BONUS.preview : BONUS.settlements, { period, type_key }),
    onSuccess: () => client.invalidateQueries({ queryKey: bonusKeys.settlements() }),
  });
}

/**
 * Approves a run awaiting approval: a job that pays it (refusals toasted: 403 'bonus.approveOwnRun' for its
 * starter, 409 'bonus.runStale' or 'bonus.runNotAwaiting'). When the job ends, `useSettlementEnded`.
 */
export function useApproveSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) => http.post<JobStarted>(BONUS.approveRun(runId)),
    onSuccess: () => client.invalidateQueries({ queryKey: bonusKeys.settlements() }),
  });
}

/** Rejects a run awaiting approval with a reason: nothing of it is paid; the run and the history refresh. */
export function useRejectSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, body }: { runId: number; body: RejectSettlementBody }) =>
      http.post<SettlementResult>(BONUS.rejectRun(runId), body),
    onSuccess: () => client.invalidateQueries({ queryKey: bonusKeys.settlements() }),
  });
}

/** After a settlement job ended (done or failed): the history, and what its payments changed. */
export function useSettlementEnded() {
  const client = useQueryClient();
  return () => invalidateMoney(client);
}

/** A member's bonuses per day or month and type, in a date range (`filter` null: not asked yet). */
export const useMemberBonusReport = (userId: number, by: 'day' | 'month', filter: string[] | null) =>
  useQuery({
    queryKey: bonusKeys.report(userId, by, filter),
    queryFn: () => http.post<UserWalletBonus>(BONUS.memberReport(userId), { filter, type: by }),
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
    queryFn: () => http.post<BonusDetail>(BONUS.memberDetail(userId), { key: typeKey, filter, ...paging }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** How a payout came about, recomputed by the settlement engine (`target` null: nothing asked yet). */
export const usePayoutExplanation = (target: PayoutTarget | null) =>
  useQuery({
    queryKey: bonusKeys.explanation(target ?? { source: 'payout', id: 0 }),
    queryFn: () => http.get<PayoutExplanation>(BONUS.explanation(target!)),
    enabled: target !== null,
    retry: false,
  });

/** A member's held and forfeited payouts (not credited), a page of them with the sums and the member's status. */
export const useWithheldPayouts = (userId: number, query: WithheldPayoutsQuery) =>
  useQuery({
    queryKey: bonusKeys.withheld(userId, query),
    queryFn: () => http.get<WithheldPayouts>(BONUS.withheld(userId), query),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Earnings statements and the income disclosure (docs/product/bonus-reports.md). */
export const STATEMENTS = {
  statement: '/api/bonus/statements',
  payouts: '/api/bonus/statements/payouts',
  disclosure: '/api/bonus/income-disclosure',
} as const;

/** Under the bonus root: a settlement, a reversal or any money change (invalidateMoney) refreshes them too. */
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
    queryFn: () => http.get<Statement>(STATEMENTS.statement, { user_id: userId, month }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The statement month's payouts, paged on the server (filters: `{ user_id, month }`). */
export const statementPayoutsList = (userId: number | undefined, month: string): ListEndpoint => ({
  key: statementKeys.payouts(userId, month),
  url: STATEMENTS.payouts,
});

/** Downloads the statement as .xlsx (a summary sheet and every payout). */
export const exportStatement = (userId: number | undefined, month: string, userNo: string) =>
  download(
    STATEMENTS.statement,
    { user_id: userId, month, export: 1 },
    `statement-${userNo}-${month}.xlsx`,
    'GET',
  );

/** The income disclosure of a year. */
export const useIncomeDisclosure = (year: string) =>
  useQuery({
    queryKey: statementKeys.disclosure(year),
    queryFn: () => http.get<IncomeDisclosure>(STATEMENTS.disclosure, { year }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Downloads the income disclosure of a year as .xlsx. */
export const exportIncomeDisclosure = (year: string) =>
  download(STATEMENTS.disclosure, { year, export: 1 }, `income-disclosure-${year}.xlsx`, 'GET');
