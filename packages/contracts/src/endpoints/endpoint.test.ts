import { describe, expect, it } from 'vitest';
import { endpoint, pathOf } from './endpoint';

describe('pathOf', () => {
  it('fills every :name segment, URL-encoded', () => {
    const target = endpoint('GET', '/api/bonus/settlements/:runId/payouts/:id/explanation');
    expect(pathOf(target, { runId: 7, id: 'a/b' })).toBe(
      '/api/bonus/settlements/7/payouts/a%2Fb/explanation',
    );
  });

  it('leaves a path without segments as it is', () => {
    expect(pathOf(endpoint('POST', '/api/login'), {})).toBe('/api/login');
  });
});
