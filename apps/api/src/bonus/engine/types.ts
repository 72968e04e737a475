import type { BonusParams } from '@app/contracts';
import type { MemberTable, OrderTable } from './tables';

/**
 * Plain inputs and outputs of the bonus engine (no database). The settlement service loads these from
 * the tables; tests build them by hand.
 *
 * Money: integer cents, every division floored. Sales points convert to money at
 * 1 SP = 1.00 currency unit = 100 cents (see SP_CENTS), so ratio r (basis points) of s SP is
 * floor(s × 100 × r / 10 000) cents.
 */
export const SP_CENTS = 100;
export const BP_DIVISOR = 10_000;

export type { EngineMember, EngineOrder } from './plain-rows';

export interface LevelRatios {
  invitationRatioBp: number;
  secondGenRatioBp: number;
  thirdGenRatioBp: number;
  shareCap: number;
}

export interface EngineInput {
  /** 'YYYY-MM': the period key of monthly payouts. */
  month: string;
  /** Completed, not refunded orders of the period (a day or a month). */
  orders: OrderTable;
  /** Every member that buys or may receive (buyers and their uplines). */
  members: MemberTable;
  levels: ReadonlyMap<number, LevelRatios>;
  /** provider id → the member who referred it. */
  providerReferrers: ReadonlyMap<number, number | null>;
}

export interface EngineBonusType {
  key: number;
  params: BonusParams;
}

export interface Payout {
  userId: number;
  typeKey: number;
  /** 'YYYY-MM-DD' for order-driven types, 'YYYY-MM' for monthly ones. */
  period: string;
  /** The source order of an order-driven payout; null for monthly aggregates. */
  orderId: number | null;
  /** The SP the amount was computed from (order SP, or the member's monthly base). */
  baseSp: number;
  /** Ratio applied in basis points (null for pool shares). */
  ratioBp: number | null;
  cents: number;
  /** Pool figures for pool shares. */
  shares?: { shares: number; totalShares: number; poolCents: number };
}

/** Receives each payout as the engine computes it (a month has millions: they are not collected). */
export type PayoutSink = (payout: Payout) => void;
