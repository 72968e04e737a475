import type { JobStatus } from '@app/contracts';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../members/members.schema';
import { bytea } from '../db/bytea';

/**
 * Long work (exports, imports, settlement runs) recorded so any API instance can report its progress
 * and serve its file or result.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<unknown>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    /** A message key, translated when read. */
    error: text('error'),
    /** What the finished job answers besides its figures (a settlement run's result); null for most jobs. */
    result: jsonb('result').$type<unknown>(),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last sign of life (progress); a running job silent for long has lost its process. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_created_idx').on(t.createdAt)],
);
export type JobRow = typeof jobs.$inferSelect;

/** A finished job's file, in pieces written while it is produced (memory stays flat). */
export const jobFileChunks = pgTable(
  'job_file_chunks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
