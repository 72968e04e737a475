import { z } from 'zod';
import type { UserRef } from './members';

/** At most this many hits of each kind (members, orders): the search finds, the lists browse. */
export const SEARCH_HITS_PER_KIND = 8;

/** Keywords shorter than this match names from their start only (docs/product/search.md). */
export const SEARCH_CONTAINS_FROM = 3;

/** `GET /api/search?q=`: a member id, account, display name, e-mail, phone, WordPress id or order number. */
export const searchQuery = z.object({
  q: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(100, 'validation.tooLong'),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** A member found: names as the viewer may read them (masked for members), never a private field. */
export interface MemberHit {
  id: number;
  name: string;
  display_name: string | null;
  user_no: string;
}

export interface OrderHit {
  order_no: string;
  platform_order_no: string;
  user: UserRef | null;
  amount: string;
  completed_at: string | null;
}

/** The hits grouped by kind; a kind the caller may not search is absent. */
export interface SearchResult {
  members?: MemberHit[];
  orders?: OrderHit[];
}
