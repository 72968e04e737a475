import { type BonusKind, bpToPercent, formatCents, ratioSource } from '@app/contracts';
import { Form, InputNumber, Radio, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatMoney } from '../platform/format';
import { fieldRules } from '../platform/ui/zod-rules';
import { useLevelSettings } from './bonus.api';
import { inputSchema, OWN_RATIO, ruleSchemaOf } from './bonus-rules';

type Path = (string | number)[];

/** Level names by level id − 1 (levels 1–4). */
function useLevelNames(): string[] {
  return (useLevelSettings().data ?? []).map((level) => level.name);
}

/**
 * The fields of the rule of the kind chosen in the form (`params.kind`), one input per field of that kind's
 * schema, each checked by that field's schema: an enum is a choice, a boolean a switch, a number an input
 * that refuses (never clamps) a value out of range, the ratio a choice of source.
 */
export function BonusRuleFields() {
  const form = Form.useFormInstance();
  const kind: BonusKind | undefined = Form.useWatch(['params', 'kind'], form);
  if (!kind) return null;
  const shape: Record<string, z.ZodType> = ruleSchemaOf(kind).shape;
  return Object.entries(shape)
    .filter(([name]) => name !== 'kind')
    .map(([name, schema]) => <RuleField key={`${kind}.${name}`} name={name} schema={schema} />);
}

function RuleField({ name, schema }: { name: string; schema: z.ZodType }) {
  const { t } = useTranslation();
  if (schema === ratioSource) return <RatioField />;
  const path = ['params', name];
  const label = t(`bonus.param.${name}`);
  const rules = fieldRules(schema);
  const input = inputSchema(schema);
  if (name === 'minLevel') return <LevelField path={path} label={label} rules={rules} />;
  if (input instanceof z.ZodEnum)
    return (
      <Form.Item name={path} label={label} rules={rules}>
        <Select
          options={input.options.map((value) => ({
            value,
            label: t(`bonus.param.${name}.${String(value)}`),
          }))}
        />
      </Form.Item>
    );
  if (input instanceof z.ZodBoolean)
    return (
      <Form.Item name={path} label={label} rules={rules} valuePropName="checked">
        <Switch />
      </Form.Item>
    );
  const unit = name.endsWith('Bp') ? 'bp' : name.endsWith('Cents') ? 'cents' : null;
  return <NumberField path={path} label={label} rules={rules} unit={unit} />;
}

interface FieldProps {
  path: Path;
  label: string;
  rules: Rule[];
}

function LevelField({ path, label, rules }: FieldProps) {
  const names = useLevelNames();
  return (
    <Form.Item name={path} label={label} rules={rules}>
      <Select options={names.map((name, i) => ({ value: i + 1, label: name }))} />
    </Form.Item>
  );
}

/** A number input; basis points and cents also show what they amount to (250 bp = 2.5 %, 100000 = 1,000.00). */
function NumberField({ path, label, rules, unit }: FieldProps & { unit: 'bp' | 'cents' | null }) {
  const { t } = useTranslation();
  const value: unknown = Form.useWatch(path, Form.useFormInstance());
  const shown = unit && typeof value === 'number' && Number.isInteger(value) && value >= 0;
  const extra = !shown
    ? undefined
    : unit === 'bp'
      ? t('bonus.bpEquals', { percent: bpToPercent(value) })
      : t('bonus.centsEquals', { amount: formatMoney(formatCents(value)) });
  return (
    <Form.Item name={path} label={label} rules={rules} extra={extra}>
      <InputNumber style={{ width: '100%' }} />
    </Form.Item>
  );
}

const [levelRatio, ownRatioSchema] = ratioSource.options;
const RATIO = ['params', 'ratio'];

/** Where the ratio comes from: a column of the member's level settings, or the type's own basis points per level. */
function RatioField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const names = useLevelNames();
  // preserve: the ratio object is no field itself (its parts are), so a plain watch would never see it.
  const ratio: z.input<typeof ratioSource> | undefined = Form.useWatch(RATIO, { form, preserve: true });
  if (!ratio) return null;
  const own = 'bpByLevel' in ratio;
  const levelField = levelRatio.shape.levelField;
  return (
    <>
      <Form.Item label={t('bonus.param.ratio')}>
        <Radio.Group
          value={own ? 'own' : 'level'}
          onChange={(e) =>
            form.setFieldValue(
              RATIO,
              e.target.value === 'own' ? OWN_RATIO : { levelField: levelField.options[0] },
            )
          }
          options={[
            { value: 'level', label: t('bonus.ratio.fromLevel') },
            { value: 'own', label: t('bonus.ratio.perLevel') },
          ]}
        />
      </Form.Item>
      {own ? (
        ratio.bpByLevel.map((_, i) => (
          <NumberField
            // biome-ignore lint/suspicious/noArrayIndexKey: one input per level, in level order
            key={i}
            path={[...RATIO, 'bpByLevel', i]}
            label={t('bonus.ratio.bpOfLevel', { level: names[i] ?? String(i + 1) })}
            rules={fieldRules(ownRatioSchema.shape.bpByLevel.element)}
            unit="bp"
          />
        ))
      ) : (
        <Form.Item
          name={[...RATIO, 'levelField']}
          label={t('bonus.ratio.levelField')}
          rules={fieldRules(levelField)}
        >
          <Select
            options={levelField.options.map((value) => ({
              value,
              label: t(`bonus.ratio.levelField.${value}`),
            }))}
          />
        </Form.Item>
      )}
    </>
  );
}
