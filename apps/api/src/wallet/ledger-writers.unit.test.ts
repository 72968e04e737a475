import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));

/** Where balances may be written: the ledger and its set-based credits, and the wallet tables' schema. */
const LEDGER = [
  'wallet/ledger.ts',
  'wallet/ledger.sql.ts',
  'wallet/credit-copy.ts',
  'wallet/wallet.schema.ts',
];

/** A write of `wallets` or `wallet_records`, in SQL text or through Drizzle. */
const WRITES = [
  /\b(insert\s+into|update|delete\s+from)\s+"?(wallets|wallet_records)\b/i,
  /copyRows\([^)]*'(wallets|wallet_records)'/,
  /\.(insert|update|delete)\(\s*(wallets|walletRecords)\s*\)/,
];

describe('money is posted one way', () => {
  it('no file of the API but the ledger writes wallets or wallet_records (tests aside)', () => {
    const writers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) => file.endsWith('.ts') && !/\.(test|testing)\.ts$/.test(file) && !file.startsWith('test/'),
      )
      .filter((file) => !LEDGER.includes(file))
      .filter((file) => {
        const text = readFileSync(join(src, file), 'utf8');
        return WRITES.some((write) => write.test(text));
      })
      .map((file) => relative(src, join(src, file)));
    expect(writers).toEqual([]);
  });
});
