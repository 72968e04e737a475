import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_TARGETS } from '@app/contracts';
import { Button, Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { BusinessDaysHintItem } from '../platform/ui/BusinessDaysHint';
import { AccessNav } from './AccessNav';
import { AuditTable } from './AuditTable';
import { type AuditFilters, auditFilters, exportAuditLog } from './access.api';

type Values = Record<string, unknown>;

/** Form values → filters: texts trimmed, the picked days as date bounds. */
const toFilters = ({ dates, keyword, entity_id, ...rest }: Values): AuditFilters => {
  const range = dates as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    ...rest,
    keyword: (keyword as string | undefined)?.trim() || undefined,
    entity_id: (entity_id as string | undefined)?.trim() || undefined,
    date_from: range?.[0]?.format('YYYY-MM-DD'),
    date_to: range?.[1]?.format('YYYY-MM-DD'),
  } as AuditFilters;
};

/** Filters → form values: the date bounds back as the picked range. */
const toValues = ({ date_from, date_to, ...rest }: AuditFilters): Values => ({
  ...rest,
  dates:
    date_from || date_to ? [date_from ? dayjs(date_from) : null, date_to ? dayjs(date_to) : null] : undefined,
});

/**
 * The operation log: every audited change of money, bank details, accounts, settings and tree positions; export
 * what the filters select.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(auditFilters);
  const exportJob = useStartedJob();
  const options = (prefix: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`${prefix}${value}`) }));
  return (
    <Card title={<AccessNav current="/permission/audit" />}>
      <FilterBar<AuditFilters>
        filters={filters}
        onChange={setFilters}
        toValues={toValues}
        toFilters={toFilters}
        searchText={t('audit.ui.search')}
        resetText={t('audit.ui.reset')}
        extra={
          <Button onClick={() => exportJob.run(() => exportAuditLog(filters)).catch(() => {})}>
            {t('platform.export')}
          </Button>
        }
        style={{ marginBottom: 16, rowGap: 8 }}
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
        <BusinessDaysHintItem />
      </FilterBar>
      <AuditTable filters={filters} />
      <StartedJobProgress job={exportJob} />
    </Card>
  );
}
