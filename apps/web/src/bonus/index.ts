/** Bonus reports other domains embed (member wallet page, user detail wallet accordion). */
export { BonusDetailTable, BonusReport, BonusTabs } from './BonusReport';
/** "Explain" on a bonus wallet record. */
export { ExplainPayoutButton, useMayExplainPayouts } from './PayoutExplanation';
