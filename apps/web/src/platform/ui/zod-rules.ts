import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { issueText } from '../issue-text';
import { t } from '../locales';

type Shaped = { shape: Record<string, z.ZodType> };

/**
 * antd Form rules for one field of a contracts zod object schema, with translated messages:
 *   <Form.Item name="phone" rules={zodRules(updateMeBody, 'phone')}>
 * The field shows as required when the schema refuses an empty value.
 */
export function zodRules<S extends Shaped>(schema: S, field: keyof S['shape'] & string): Rule[] {
  const fieldSchema = schema.shape[field];
  if (!fieldSchema) throw new Error(`schema has no field ${field}`);
  return fieldRules(fieldSchema);
}

/**
 * The same for a field schema itself (an array's element, a union member's field). An emptied input (null)
 * is checked as absent unless the schema takes null (`maxDepth: null` = unlimited).
 */
export function fieldRules(fieldSchema: z.ZodType): Rule[] {
  const accepts = (value: unknown) => fieldSchema.safeParse(value).success;
  const takesNull = accepts(null);
  return [
    {
      required: !takesNull && !accepts(undefined),
      validator: async (_rule, value) => {
        const input = value === null && !takesNull ? undefined : value;
        const issue = fieldSchema.safeParse(input).error?.issues[0];
        if (issue) throw new Error(issueText(issue, t));
      },
    },
  ];
}
