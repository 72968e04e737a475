const newKey = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The Idempotency-Keys (docs/product/wallet.md) of an open form or dialog, one per scope (an action): a scope
 * keeps its key through failed attempts — a resubmit after a timeout replays the first answer on the
 * server instead of moving money twice — and gets a new one after a success.
 */
export class IdempotencyKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly make: () => string = newKey) {}

  /** Runs `call` with the scope's current key; forgets the key once the call succeeds. */
  async run<T>(scope: string, call: (key: string) => Promise<T>): Promise<T> {
    const key = this.keys.get(scope) ?? this.make();
    this.keys.set(scope, key);
    const result = await call(key);
    this.keys.delete(scope);
    return result;
  }
}
