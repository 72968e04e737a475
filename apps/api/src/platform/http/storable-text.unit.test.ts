import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { refuseUnstorableText, unstorableTextPath } from './storable-text';

describe('text PostgreSQL cannot store', () => {
  it('finds a NUL or a lone surrogate, and names where it sits', () => {
    expect(unstorableTextPath({ name: 'a\u0000b' })).toBe('name');
    expect(unstorableTextPath({ items: [{ name: 'ok' }, { name: 'x\ud800' }] })).toBe('items.1.name');
    expect(unstorableTextPath({ note: '\udc00 first' })).toBe('note');
    expect(unstorableTextPath({ 'bad\u0000key': 'fine' })).toBe('bad\u0000key');
    expect(unstorableTextPath('\u0000')).toBe('_');
  });

  it('lets any storable text through: paired surrogates, every other control character, numbers, files', () => {
    const fine = {
      emoji: '😀 家 \ud83d\ude00',
      tab: '\t\n\u0001\u007f',
      n: 7,
      none: null,
      file: Buffer.from([0]),
    };
    expect(unstorableTextPath(fine)).toBeNull();
    expect(refuseUnstorableText(fine)).toBe(fine);
  });

  it('walks an input nested far deeper than a call stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)).toBe(`${'0.'.repeat(199_999)}0`);
  });

  it('refuses as a 422 of the validation kind naming the field', () => {
    const error = (() => {
      try {
        refuseUnstorableText({ remark: 'a\u0000' });
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 422,
      key: 'common.validationFailed',
      data: { errors: [{ field: 'remark', message: 'validation.invalidCharacters' }] },
    });
  });
});
