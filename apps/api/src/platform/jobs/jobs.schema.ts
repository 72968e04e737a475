import type { JobStatus } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../members/members.schema';
import { bytea } from '../db/bytea';

/**
 * Long work (exports, imports, settlement runs) recorded so any API instance can report its progress
 * and serve its file or result. The process running a job keeps `updated_at` fresh (heartbeat); any
 * instance marks a queued or running job whose heartbeat is too old failed (docs/jobs.md).
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
    /** Live progress; a failed job's is set to `committed`. */
    processed: integer('processed').notNull().default(0),
    /** Work whose transaction committed, counted inside that transaction (the honest figure after a failure). */
    committed: integer('committed').notNull().default(0),
    total: integer('total'),
    /** A message key, translated when read. */
    error: text('error'),
    /** What the finished job answers besides its figures (a settlement run's result); null for most jobs. */
    result: jsonb('result').$type<unknown>(),
    fileName: text('file_name').notNull(),
    /** The API process running the job (its JobHost), for the record and the logs. */
    instanceId: text('instance_id'),
    /** Jobs with the same key run one at a time: at most one queued or running (an import of a kind). */
    lockKey: text('lock_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last sign of life (heartbeat or progress); a running job silent for long has lost its process. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_created_idx').on(t.createdAt),
    uniqueIndex('jobs_live_lock_key_idx').on(t.lockKey).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_live_idx').on(t.updatedAt).where(sql`${t.status} in ('queued', 'running')`),
  ],
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
