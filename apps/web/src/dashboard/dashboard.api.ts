import {
  type DashboardCharts,
  type DashboardMemberCharts,
  type DashboardMoneyCharts,
  dashboardEndpoints,
  type Workplace,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';

/** The dashboard's figures (docs/web-shell.md, Dashboard figures): `dashboardEndpoints.workplace`. */
export const dashboardKeys = {
  all: queryRoots.dashboard,
  workplace: () => [...dashboardKeys.all, 'workplace'] as const,
  charts: () => [...dashboardKeys.all, 'charts'] as const,
  moneyCharts: () => [...dashboardKeys.all, 'money-charts'] as const,
  memberCharts: () => [...dashboardKeys.all, 'member-charts'] as const,
};

/** The administrators' charts: the last 30 business days and 12 business months. */
export const useDashboardCharts = () =>
  useQuery({
    queryKey: dashboardKeys.charts(),
    queryFn: () => request<DashboardCharts>(dashboardEndpoints.charts, { query: { days: 30, months: 12 } }),
  });

/** The administrators' money charts: payouts per type for the last 12 business months, the withdrawal queue. */
export const useDashboardMoneyCharts = () =>
  useQuery({
    queryKey: dashboardKeys.moneyCharts(),
    queryFn: () => request<DashboardMoneyCharts>(dashboardEndpoints.moneyCharts, { query: { months: 12 } }),
  });

/** A member's own charts: earnings per type and downline growth for the last 12 business months. */
export const useDashboardMemberCharts = () =>
  useQuery({
    queryKey: dashboardKeys.memberCharts(),
    queryFn: () => request<DashboardMemberCharts>(dashboardEndpoints.memberCharts, { query: { months: 12 } }),
  });

export const useWorkplace = () =>
  useQuery({
    queryKey: dashboardKeys.workplace(),
    queryFn: () => request<Workplace>(dashboardEndpoints.workplace),
  });
