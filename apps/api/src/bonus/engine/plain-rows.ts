/** The engine's plain rows, which tests build by hand and tables.ts packs into typed arrays. */

/** A plain order, for building an OrderTable by hand (tests). */
export interface EngineOrder {
  id: number;
  buyerId: number;
  salesPoint: number;
  /** 1 membership, 2 paid course, 3 AI character profiling package — all count; SP is the base. */
  sourceType: number;
  providerId: number | null;
  /** 'YYYY-MM-DD' (UTC) the order completed; the period key of its order-driven payouts. */
  day: string;
}

/** A plain member, for building a MemberTable by hand (tests). */
export interface EngineMember {
  id: number;
  levelId: number;
  /** Sponsor tree parent. */
  parentId: number | null;
  iblommerParentId: number | null;
  isQualifiedCp: boolean;
}
