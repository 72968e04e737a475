import { type JobStarted, type JobView, platformEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { request } from '../http';

/** How often a job still working is asked for its progress. */
const POLL_MS = 500;

const ended = (job: JobView | undefined) => job?.status === 'done' || job?.status === 'failed';

/** A job's state from `GET /api/jobs/:id`, polled until it is done or failed. */
export const useJob = (id: string | null) =>
  useQuery({
    queryKey: ['jobs', id],
    queryFn: () => request<JobView>(platformEndpoints.job, { params: { id: id! } }),
    enabled: !!id,
    refetchInterval: (query) => (ended(query.state.data) ? false : POLL_MS),
    gcTime: 0,
  });

/** Starts a job (a call answering JobStarted) and tracks the one started last. */
export function useStartedJob() {
  const [started, setStarted] = useState<JobStarted | null>(null);
  return {
    started,
    /** Runs `start`; a failed start has already been toasted by the HTTP client. */
    run: async (start: () => Promise<JobStarted>) => setStarted(await start()),
    clear: () => setStarted(null),
  };
}
