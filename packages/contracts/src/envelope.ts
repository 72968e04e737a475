import { z } from 'zod';
import { intFromQuery } from './integers';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface PageMeta {
  total: number;
  page: number;
  pageSize: number;
}

export interface Paged<T, M extends object = object> {
  list: T[];
  meta: PageMeta & M;
}

export const MAX_PAGE_SIZE = 1000;

export const pageQuery = z.object({
  page: intFromQuery(1, 1_000_000).default(1),
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(20),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc', 'ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;
