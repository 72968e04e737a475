import { orderFilterFields, userListQuery } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readFilters, withoutBlanks, writeFilters } from './url-filters';

const orders = z.object(orderFilterFields);
const members = userListQuery.pick({ keyword: true, level_id: true, status: true });

describe('filters in the URL', () => {
  it('writes filters as a readable query and reads them back typed by the contract', () => {
    const filters = {
      name: 'Alice',
      subtype: 'credit_order' as const,
      provider_id: 7,
      tags: ['vip', 'new'],
      group_sales: true,
      date_from: '2026-11-01T00:00:00.000Z',
    };
    const query = writeFilters(orders, new URLSearchParams(), filters);
    expect(query.toString()).toBe(
      'name=Alice&date_from=2026-11-01T00%3A00%3A00.000Z&subtype=credit_order&provider_id=7&tags=vip&tags=new&group_sales=true',
    );
    expect(readFilters(orders, query)).toEqual(filters);
  });

  it('reads a single tag as a list and numbers as numbers', () => {
    const read = readFilters(orders, new URLSearchParams('tags=vip&user_id=12&source_type=2'));
    expect(read).toEqual({ tags: ['vip'], user_id: 12, source_type: 2 });
  });

  it('leaves out values the contract refuses and blanks, and keeps other parameters of the page', () => {
    const params = new URLSearchParams(
      'subtype=nonsense&provider_id=abc&name=&group_sales=false&tab=2&level_id=3',
    );
    expect(readFilters(orders, params)).toEqual({});
    expect(readFilters(members, params)).toEqual({ level_id: 3 });
    const written = writeFilters(members, params, { keyword: 'bob' });
    expect(written.get('tab')).toBe('2');
    expect(written.get('keyword')).toBe('bob');
    expect(written.has('level_id')).toBe(false);
  });

  it('drops blanks and trims texts before they reach the URL', () => {
    expect(withoutBlanks({ a: '  x ', b: '  ', c: undefined, d: false, e: [], f: 0, g: null })).toEqual({
      a: 'x',
      f: 0,
    });
  });
});
