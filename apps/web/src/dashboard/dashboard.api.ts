import type { Workplace } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../platform/http';
import { queryRoots } from '../platform/query-roots';

/** The dashboard endpoint (docs/web-shell.md, Dashboard figures). */
export const WORKPLACE_URL = '/api/dashboard/workplace';

export const dashboardKeys = {
  all: queryRoots.dashboard,
  workplace: () => [...dashboardKeys.all, 'workplace'] as const,
};

export const useWorkplace = () =>
  useQuery({ queryKey: dashboardKeys.workplace(), queryFn: () => http.get<Workplace>(WORKPLACE_URL) });
