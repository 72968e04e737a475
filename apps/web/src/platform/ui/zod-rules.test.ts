import { loginBody, updateMeBody } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { zodRules } from './zod-rules';

const check = async (rules: ReturnType<typeof zodRules>, value: unknown) => {
  const rule = rules[0] as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('zodRules', () => {
  it('marks required fields and answers with the translated catalogue message', async () => {
    const rules = zodRules(loginBody, 'account');
    expect(rules[0]).toMatchObject({ required: true });
    expect(await check(rules, undefined)).toBe('This field is required');
    expect(await check(rules, 'admin')).toBeNull();
  });

  it('fills in limits and looks inside unions', async () => {
    const rules = zodRules(updateMeBody, 'password');
    expect(rules[0]).toMatchObject({ required: false });
    expect(await check(rules, 'abc')).toBe('Must be at least 6 characters');
    expect(await check(rules, 'x'.repeat(19))).toBe('Must be at most 18 characters');
    expect(await check(rules, '')).toBeNull();
  });
});
