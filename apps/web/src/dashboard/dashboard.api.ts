import { dashboardEndpoints, type Workplace } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';

/** The dashboard's figures (docs/web-shell.md, Dashboard figures): `dashboardEndpoints.workplace`. */
export const dashboardKeys = {
  all: queryRoots.dashboard,
  workplace: () => [...dashboardKeys.all, 'workplace'] as const,
};

export const useWorkplace = () =>
  useQuery({
    queryKey: dashboardKeys.workplace(),
    queryFn: () => request<Workplace>(dashboardEndpoints.workplace),
  });
