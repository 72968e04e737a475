import { type BonusKind, type BonusParamsInput, bonusParams } from '@app/contracts';
import { z } from 'zod';

/** The rule settings schema of one kind; its form is built from this schema's fields. */
export const ruleSchemaOf = (kind: BonusKind) =>
  bonusParams.options.find((option) => option.shape.kind.value === kind)!;

export const OWN_RATIO = { bpByLevel: [0, 0, 0, 0] };
/** What the rule of a new type of each kind starts with. */
export const NEW_RULES: Record<BonusKind, BonusParamsInput> = {
  direct: { kind: 'direct', tree: 'sponsor', ratio: OWN_RATIO, minLevel: 1 },
  generation: { kind: 'generation', generation: 4, ratio: OWN_RATIO, minLevel: 1 },
  providerReferral: {
    kind: 'providerReferral',
    payTo: 'referrer',
    qualifiedCpOnly: false,
    ratio: OWN_RATIO,
    minLevel: 1,
  },
  poolShare: { kind: 'poolShare', poolBp: 0, spPerShare: 1000, minLevel: 1 },
  groupVolume: { kind: 'groupVolume', minDepth: 1, maxDepth: null, ratio: OWN_RATIO, minLevel: 1 },
  treeDepth: { kind: 'treeDepth', minDepth: 1, maxDepth: null, ratio: OWN_RATIO, minLevel: 1 },
  oneOff: { kind: 'oneOff', amountCents: 0, minLevel: 1 },
};

/** The schema deciding the input: `.default()` and `.nullable()` taken off. */
export function inputSchema(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault || schema instanceof z.ZodNullable
    ? inputSchema(schema.unwrap() as z.ZodType)
    : schema;
}
