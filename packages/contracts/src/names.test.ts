import { describe, expect, it } from 'vitest';
import { maskName } from './names';

describe('maskName', () => {
  it('keeps the first and last three characters of long names', () => {
    expect(maskName('Alexander Wong')).toBe('Ale***ong');
    expect(maskName('陳大文先生你好')).toBe('陳大文***生你好');
  });
  it('never reveals a short name whole', () => {
    expect(maskName('Bob')).toBe('Bo***');
    expect(maskName('Amanda')).toBe('Ama***');
    expect(maskName('')).toBe('');
  });
});
