import { describe, expect, it } from 'vitest';
import { IdempotencyKeys } from './idempotency-keys';

describe('IdempotencyKeys', () => {
  let n = 0;
  const keys = () => new IdempotencyKeys(() => `k${++n}`);
  const fail = () => Promise.reject(new Error('timeout'));

  it('resends the same key after a failure and starts a new one after a success', async () => {
    const form = keys();
    const sent: string[] = [];
    const record = (ok: boolean) => (key: string) => {
      sent.push(key);
      return ok ? Promise.resolve(key) : fail();
    };
    await expect(form.run('withdraw', record(false))).rejects.toThrow('timeout');
    await expect(form.run('withdraw', record(false))).rejects.toThrow('timeout');
    await form.run('withdraw', record(true));
    await form.run('withdraw', record(true));
    expect(sent[0]).toBe(sent[1]);
    expect(sent[2]).toBe(sent[0]);
    expect(sent[3]).not.toBe(sent[2]);
  });

  it('keeps scopes apart, and a new form (reopened dialog) has new keys', async () => {
    const form = keys();
    const used = async (k: IdempotencyKeys, scope: string) => {
      let key = '';
      await k
        .run(scope, (x) => {
          key = x;
          return fail();
        })
        .catch(() => undefined);
      return key;
    };
    const a = await used(form, '1/agree');
    expect(await used(form, '1/agree')).toBe(a);
    expect(await used(form, '2/agree')).not.toBe(a);
    expect(await used(keys(), '1/agree')).not.toBe(a);
  });
});
