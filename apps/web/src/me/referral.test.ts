import { describe, expect, it } from 'vitest';
import { referralLink } from './referral';

describe('the referral link', () => {
  it('is the shop address carrying the member id, keeping what the address already asks', () => {
    expect(referralLink('https://shop.example.com', 'M000123')).toBe('https://shop.example.com/?ref=M000123');
    expect(referralLink('https://shop.example.com/join?lang=en', 'M 1&2')).toBe(
      'https://shop.example.com/join?lang=en&ref=M+1%262',
    );
  });
});
