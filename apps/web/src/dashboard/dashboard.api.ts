import type { Workplace } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../platform/http';

/** The dashboard endpoint (docs/web-shell.md, Dashboard figures). */
export const WORKPLACE_URL = '/api/dashboard/workplace';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  workplace: () => [...dashboardKeys.all, 'workplace'] as const,
};

export const useWorkplace = () =>
  useQuery({ queryKey: dashboardKeys.workplace(), queryFn: () => http.get<Workplace>(WORKPLACE_URL) });
