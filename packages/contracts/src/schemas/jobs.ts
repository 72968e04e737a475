import { z } from 'zod';

/**
 * Long work recorded in the database (docs/jobs.md): an export, an import or a bonus settlement run
 * runs as a job; the web app polls `GET /api/jobs/:id` for its progress, then downloads
 * `GET /api/jobs/:id/file` (when the job made a file) or reads the job's `result`.
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobParams = z.object({ id: z.uuid({ message: 'validation.invalid' }) });

export const jobUrl = (id: string) => `/api/jobs/${id}`;
export const jobFileUrl = (id: string) => `/api/jobs/${id}/file`;

/** The answer of a call that started a job (e.g. `POST /api/orders/list {export: true}`). */
export interface JobStarted {
  job_id: string;
  /** Where the job's progress is read (`GET /api/jobs/:id`). */
  url: string;
}

export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  /** Rows (or a settlement run's payouts) done so far. */
  processed: number;
  /** Rows (payouts) expected; null until counted. */
  total: number | null;
  file_name: string;
  /** The failure, translated into the caller's language. */
  error: string | null;
  /** Set once the file is ready. */
  download_url: string | null;
  /** What the finished job answers besides its figures (a settlement run: its `SettlementResult`); else null. */
  result: unknown | null;
  created_at: string;
  finished_at: string | null;
}
