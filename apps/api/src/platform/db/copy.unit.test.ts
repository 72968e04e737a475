import { describe, expect, it } from 'vitest';
import { copyNumber, copyText } from './copy';

describe('COPY text fields', () => {
  it('writes null as \\N and escapes backslash, tab, newline and carriage return', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyNumber(null)).toBe('\\N');
    expect(copyNumber(-42)).toBe('-42');
    expect(copyText('2026-01#17')).toBe('2026-01#17');
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText('\\N')).toBe('\\\\N');
  });
});
