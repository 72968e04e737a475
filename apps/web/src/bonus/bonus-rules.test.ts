import { BONUS_KINDS, ratioSource } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bonusUiMessages } from './bonus.messages';
import { inputSchema, NEW_RULES, ruleSchemaOf } from './bonus-rules';

const en: Record<string, string> = bonusUiMessages['en-US'];

describe('the rule form of each bonus kind', () => {
  it.each(BONUS_KINDS)('%s: a new rule is valid, and every field and choice has a label', (kind) => {
    const schema = ruleSchemaOf(kind);
    expect(schema.safeParse(NEW_RULES[kind]).success).toBe(true);
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (name === 'kind' || field === ratioSource) continue;
      expect(en, name).toHaveProperty([`bonus.param.${name}`]);
      const input = inputSchema(field);
      if (input instanceof z.ZodEnum)
        for (const value of input.options) expect(en).toHaveProperty([`bonus.param.${name}.${value}`]);
    }
  });
});
