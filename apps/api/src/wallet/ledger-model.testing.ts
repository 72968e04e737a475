import { type MessageKey, WithdrawalStatus } from '@app/contracts';

/**
 * A plain in-memory model of the money rules of docs/product/wallet.md (for ledger.model.api.test.ts):
 * wallets of members 0…n-1, the recharges, withdrawals and orders one test sequence made, and what each
 * action should do. It knows nothing of the API's code: it is the specification written as a program.
 */
export interface ModelWallet {
  available: number;
  frozen: number;
}

export type WithdrawalStep = 'cancel' | 'agree' | 'refuse' | 'paid' | 'failed';

/** An action with its targets chosen (ids and numbers of things this sequence created). */
export type Action =
  | { kind: 'recharge'; member: number; cents: number }
  | { kind: 'settleRecharge'; id: number; outcome: 'complete' | 'reject' }
  | { kind: 'transfer'; from: number; to: number; cents: number }
  | { kind: 'withdraw'; member: number; cents: number }
  | { kind: 'step'; id: number; step: WithdrawalStep }
  | { kind: 'order'; buyer: number; sp: number }
  | { kind: 'settle' }
  | { kind: 'refund'; orderNo: string };

/** What the API answered that the model can predict (beyond success), or that it must learn (new ids). */
export interface Observed {
  id?: number;
  orderNo?: string;
  totalCents?: number;
  alreadyRefunded?: boolean;
  reversedCents?: number;
}

export type Outcome = { ok: true; expected: Observed } | { ok: false; refused: MessageKey };

type Move = 'release' | 'payout' | null;
const { inApplication, paymentInProgress } = WithdrawalStatus;
/** docs/product/withdrawals.md: a withdrawal's only transitions and what each does to its frozen amount. */
const STEPS: Record<WithdrawalStep, { from: WithdrawalStatus; to: WithdrawalStatus; move: Move }> = {
  agree: { from: inApplication, to: paymentInProgress, move: null },
  refuse: { from: inApplication, to: WithdrawalStatus.rejected, move: 'release' },
  cancel: { from: inApplication, to: WithdrawalStatus.cancelled, move: 'release' },
  paid: { from: paymentInProgress, to: WithdrawalStatus.paid, move: 'payout' },
  failed: { from: paymentInProgress, to: WithdrawalStatus.paymentFailed, move: 'release' },
};

interface Order {
  buyer: number;
  sp: number;
  /** The referral bonus a settlement paid on it; null until settled. */
  paidCents: number | null;
  refunded: boolean;
}

export class LedgerModel {
  readonly recharges = new Map<number, { member: number; cents: number; status: 'pending' | 'done' }>();
  readonly withdrawals = new Map<number, { member: number; cents: number; status: WithdrawalStatus }>();
  readonly orders = new Map<string, Order>();

  /** `referral(buyer)`: who earns the referral bonus on the buyer's orders and at what ratio (bp), if anyone. */
  constructor(
    readonly wallets: ModelWallet[],
    private readonly referral: (buyer: number) => { sponsor: number; ratioBp: number } | null,
  ) {}

  /** The bonus an order of `sp` sales points pays the buyer's sponsor: SP × 100 × ratio, floored to cents. */
  bonusOf(order: Pick<Order, 'buyer' | 'sp'>): { sponsor: number; cents: number } | null {
    const r = this.referral(order.buyer);
    return r && { sponsor: r.sponsor, cents: Math.floor((order.sp * r.ratioBp) / 100) };
  }

  /**
   * What `action` does from the current state: refused with a message, or done with what the API should
   * answer. `ignoreBalances` judges only states (concurrent steps ran in an order the model cannot know).
   */
  outcome(action: Action, ignoreBalances = false): Outcome {
    const affords = (member: number, cents: number) =>
      ignoreBalances || this.wallets[member]!.available >= cents;
    const done = (expected: Observed = {}): Outcome => ({ ok: true, expected });
    const refused = (key: MessageKey): Outcome => ({ ok: false, refused: key });
    switch (action.kind) {
      case 'recharge':
      case 'order':
        return done();
      case 'settleRecharge':
        return this.recharges.get(action.id)!.status === 'pending' ? done() : refused('common.statusError');
      case 'transfer':
        return affords(action.from, action.cents) ? done() : refused('wallet.insufficientBalance');
      case 'withdraw':
        return affords(action.member, action.cents) ? done() : refused('wallet.insufficientWithdrawal');
      case 'step':
        return this.withdrawals.get(action.id)!.status === STEPS[action.step].from
          ? done()
          : refused('common.statusError');
      case 'settle':
        return done({ totalCents: this.due().reduce((s, d) => s + d.cents, 0) });
      case 'refund': {
        const order = this.orders.get(action.orderNo)!;
        if (order.refunded) return done({ alreadyRefunded: true, reversedCents: 0 });
        const reversed = order.paidCents ?? 0;
        const sponsor = this.bonusOf(order)?.sponsor;
        if (reversed > 0 && !affords(sponsor!, reversed)) return refused('bonus.reversalInsufficient');
        return done({ alreadyRefunded: false, reversedCents: reversed });
      }
    }
  }

  /** Applies a done action (see outcome); `observed` brings the ids the API gave what it created. */
  commit(action: Action, observed: Observed): void {
    switch (action.kind) {
      case 'recharge':
        this.recharges.set(observed.id!, { member: action.member, cents: action.cents, status: 'pending' });
        return;
      case 'settleRecharge': {
        const recharge = this.recharges.get(action.id)!;
        recharge.status = 'done';
        if (action.outcome === 'complete') this.wallets[recharge.member]!.available += recharge.cents;
        return;
      }
      case 'transfer':
        this.wallets[action.from]!.available -= action.cents;
        this.wallets[action.to]!.available += action.cents;
        return;
      case 'withdraw':
        this.withdrawals.set(observed.id!, {
          member: action.member,
          cents: action.cents,
          status: inApplication,
        });
        this.move(action.member, -action.cents, action.cents);
        return;
      case 'step': {
        const w = this.withdrawals.get(action.id)!;
        const { to, move } = STEPS[action.step];
        w.status = to;
        if (move === 'release') this.move(w.member, w.cents, -w.cents);
        if (move === 'payout') this.move(w.member, 0, -w.cents);
        return;
      }
      case 'order':
        this.orders.set(observed.orderNo!, {
          buyer: action.buyer,
          sp: action.sp,
          paidCents: null,
          refunded: false,
        });
        return;
      case 'settle':
        for (const { order, sponsor, cents } of this.due()) {
          order.paidCents = cents;
          if (sponsor !== null) this.wallets[sponsor]!.available += cents;
        }
        return;
      case 'refund': {
        const order = this.orders.get(action.orderNo)!;
        if (order.refunded) return;
        order.refunded = true;
        if (order.paidCents) this.wallets[this.bonusOf(order)!.sponsor]!.available -= order.paidCents;
      }
    }
  }

  /** Orders a settlement pays now: done, not refunded, not paid before. */
  private due() {
    return [...this.orders.values()]
      .filter((o) => !o.refunded && o.paidCents === null)
      .map((order) => {
        const bonus = this.bonusOf(order);
        return { order, sponsor: bonus?.sponsor ?? null, cents: bonus?.cents ?? 0 };
      });
  }

  private move(member: number, available: number, frozen: number) {
    this.wallets[member]!.available += available;
    this.wallets[member]!.frozen += frozen;
  }
}
