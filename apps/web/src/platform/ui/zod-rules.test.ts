import { bonusParams, loginBody, updateMeBody } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fieldRules, zodRules } from './zod-rules';

const check = async (rules: ReturnType<typeof fieldRules>, value: unknown) => {
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

  it('lets an emptied field through when the schema takes null, and refuses an emptied or out-of-range number', async () => {
    const groupVolume = bonusParams.options[4];
    expect(groupVolume.shape.kind.value).toBe('groupVolume');
    const maxDepth = fieldRules(groupVolume.shape.maxDepth);
    expect(maxDepth[0]).toMatchObject({ required: false });
    expect(await check(maxDepth, null)).toBeNull();
    expect(await check(maxDepth, 0)).toBe('Value is too small');
    const minDepth = fieldRules(groupVolume.shape.minDepth);
    expect(minDepth[0]).toMatchObject({ required: true });
    expect(await check(minDepth, null)).toBe('This field is required');
    expect(await check(minDepth, 1.5)).toBe('Must be a whole number');
    expect(await check(minDepth, 101)).toBe('Value is too large');
  });
});
