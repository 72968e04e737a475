import { z } from 'zod';
import { serialId } from '../integers';

/** At most this many rows in one bulk action. */
export const BULK_MAX_ROWS = 100;

/** The rows a bulk action acts on: 1 to BULK_MAX_ROWS ids, each once. */
export const bulkIds = z
  .array(serialId, { message: 'validation.required' })
  .min(1, 'validation.required')
  .max(BULK_MAX_ROWS, 'validation.max')
  .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid');

/** One row's outcome: done, or refused with the code and the translated reason the single action would answer. */
export interface BulkRowResult {
  id: number;
  done: boolean;
  code: number;
  msg: string;
}

/** A bulk action's answer: every row's outcome in the order asked, and how many were done and refused. */
export interface BulkResult {
  results: BulkRowResult[];
  done: number;
  refused: number;
}
