/** Bonus reports other domains embed (member wallet page, user detail wallet accordion). */
export { BonusDetailTable, BonusReport, BonusTabs } from './BonusReport';
/** "Explain" on a bonus wallet record. */
export { ExplainPayoutButton, useMayExplainPayouts } from './PayoutExplanation';
/** Held and forfeited payouts of a member (member bonus page, user detail). */
export { PayoutStatusTag } from './PayoutStatusTag';
export { WithheldPayouts } from './WithheldPayouts';
