import { FilterOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../ui/phone';
import { withoutBlanks } from './url-filters';

type Values = Record<string, unknown>;

export interface FilterBarProps<F extends object> {
  /** The applied filters (from `useUrlFilters`); the fields show them, also after back/forward. */
  filters: F;
  onChange: (filters: F) => void;
  children: ReactNode;
  /** The page's own form instance, when it sets fields itself (linked switches). */
  form?: FormInstance;
  /** Form values ↔ filters, for fields whose value is not the filter itself (a date range). */
  toValues?: (filters: F) => Values;
  toFilters?: (values: Values) => F;
  /** Fields applied as soon as they change (pickers); the others on Enter or the search button. */
  liveFields?: readonly string[];
  /** Labels of the search and reset buttons; without them the bar has no buttons (live fields, Enter). */
  searchText?: string;
  resetText?: string;
  /** More buttons after search and reset (export, add). */
  extra?: ReactNode;
  style?: CSSProperties;
  /**
   * A bar of many fields (the orders'): on a phone the fields fold behind a "Filters (n)" button, n the filters
   * set, so the list is not buried under them; the extra buttons stay in sight.
   */
  foldOnPhone?: boolean;
}

/**
 * The filter bar of the list pages: an inline form over the list's filters, applied on search (Enter in a
 * text field, the search button) or at once for `liveFields`. Pair with `useUrlFilters`:
 *   const { filters, setFilters } = useUrlFilters(schema);
 *   <FilterBar filters={filters} onChange={setFilters} searchText={t('orders.search')}>…Form.Items…</FilterBar>
 */
export function FilterBar<F extends object>({
  filters,
  onChange,
  children,
  form: given,
  toValues = (f) => f as Values,
  toFilters = (v) => v as F,
  liveFields = [],
  searchText,
  resetText,
  extra,
  style,
  foldOnPhone = false,
}: FilterBarProps<F>) {
  const { t } = useTranslation();
  const folding = usePhone() && foldOnPhone;
  const [unfolded, setUnfolded] = useState(false);
  const [own] = Form.useForm();
  const form = given ?? own;
  const applied = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` stands for the filters
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toValues(filters));
  }, [applied, form]);
  const apply = (values: Values) => onChange(withoutBlanks(toFilters(values)) as F);
  const set = Object.keys(withoutBlanks(toValues(filters))).length;
  const fold = folding && (
    <Space wrap style={{ marginBottom: unfolded ? 12 : 0 }}>
      <Button icon={<FilterOutlined />} aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)}>
        {t(set ? 'platform.filtersSet' : 'platform.filters', { count: set })}
      </Button>
      {!unfolded && extra}
    </Space>
  );
  return (
    <>
      {fold}
      <Form
        form={form}
        // Its fields' ids start "filters_", so they never repeat those of a form in a dialog over the list (a member
        // filter and a new recharge's member were both "user_id", and the dialog's label named the filter's field).
        name="filters"
        layout="inline"
        style={{ rowGap: 12, ...style, ...(folding && !unfolded ? { display: 'none' } : {}) }}
        onFinish={apply}
        onValuesChange={(changed: Values) => {
          const names = Object.keys(changed);
          // A live field applies with the filters already applied, not with text typed but not yet searched.
          if (names.length > 0 && names.every((n) => liveFields.includes(n)))
            apply({ ...toValues(filters), ...changed });
        }}
      >
        {children}
        {(searchText || extra) && (
          <Form.Item>
            {/* Wraps on a phone: Search, Reset and a page's own buttons are wider than 390 px together. */}
            <Space wrap>
              {searchText && (
                <Button type="primary" htmlType="submit">
                  {searchText}
                </Button>
              )}
              {resetText && (
                <Button
                  onClick={() => {
                    form.resetFields();
                    onChange({} as F);
                  }}
                >
                  {resetText}
                </Button>
              )}
              {extra}
            </Space>
          </Form.Item>
        )}
      </Form>
    </>
  );
}

/** A text filter of the bar searched on Enter, the search icon or `enterButton`; clearing it searches too. */
export function SearchField({
  name,
  placeholder,
  width,
  enterButton,
}: {
  name: string;
  placeholder?: string;
  width?: number;
  enterButton?: ReactNode;
}) {
  const form = Form.useFormInstance();
  return (
    <Form.Item name={name}>
      <Input.Search
        allowClear
        placeholder={placeholder}
        aria-label={placeholder}
        enterButton={enterButton}
        style={{ width }}
        onSearch={() => form.submit()}
      />
    </Form.Item>
  );
}
