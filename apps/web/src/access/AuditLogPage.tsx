import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_TARGETS,
  type AuditActorKind,
  type AuditQuery,
} from '@app/contracts';
import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessNav } from './AccessNav';
import { AuditTable } from './AuditTable';

interface FilterForm {
  keyword?: string;
  actor_kind?: AuditActorKind;
  action?: AuditQuery['action'];
  entity?: AuditQuery['entity'];
  entity_id?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = Omit<AuditQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

const toFilters = ({ dates, ...rest }: FilterForm): Filters => {
  const filters: Filters = {
    ...rest,
    keyword: rest.keyword?.trim() || undefined,
    entity_id: rest.entity_id?.trim() || undefined,
    date_from: dates?.[0]?.format('YYYY-MM-DD'),
    date_to: dates?.[1]?.format('YYYY-MM-DD'),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as Filters;
};

/** The operation log: every audited change of money, bank details, accounts, settings and tree positions. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<Filters>({});
  const options = (prefix: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`${prefix}${value}`) }));
  return (
    <Card title={<AccessNav current="/permission/audit" />}>
      <Form<FilterForm>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => setFilters(toFilters(values))}
      >
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('audit.ui.actorKeyword')}
            aria-label={t('audit.ui.actorKeyword')}
          />
        </Form.Item>
        <Form.Item name="actor_kind">
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('audit.ui.actorKind')}
            aria-label={t('audit.ui.actorKind')}
            options={options('audit.actorKind.', AUDIT_ACTOR_KINDS)}
          />
        </Form.Item>
        <Form.Item name="action">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 170 }}
            placeholder={t('audit.ui.action')}
            aria-label={t('audit.ui.action')}
            options={options('audit.action.', AUDIT_ACTIONS)}
          />
        </Form.Item>
        <Form.Item name="entity">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            placeholder={t('audit.ui.targetType')}
            aria-label={t('audit.ui.targetType')}
            options={options('audit.target.', AUDIT_TARGETS)}
          />
        </Form.Item>
        <Form.Item name="entity_id">
          <Input
            allowClear
            style={{ width: 130 }}
            placeholder={t('audit.ui.targetId')}
            aria-label={t('audit.ui.targetId')}
          />
        </Form.Item>
        <Form.Item name="dates">
          <DatePicker.RangePicker aria-label={t('audit.ui.dates')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('audit.ui.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t('audit.ui.reset')}
          </Button>
        </Space>
      </Form>
      <AuditTable filters={filters} />
    </Card>
  );
}
