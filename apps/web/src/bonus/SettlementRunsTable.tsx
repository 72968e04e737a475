import { SETTLEMENT_STATUSES, type SettlementRunDto } from '@app/contracts';
import { Empty, Form, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FilterBar } from '../platform/filters/FilterBar';
import type { FiltersOf } from '../platform/filters/url-filters';
import { formatDateTime, formatMoney } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';
import { type PagedListOptions, usePagedList } from '../platform/ui/PagedTable';
import { type settlementRunFilters, settlementsList, useBonusTypes } from './bonus.api';
import { RunDecision, RunStatusTag, reviewPath } from './settlement-ui';

/** A bonus type's name in the signed-in user's language ('#key' until the types arrive). */
export function useTypeName() {
  const types = useBonusTypes();
  return (key: number) => types.data?.find((x) => x.key === key)?.name ?? `#${key}`;
}

/** The runs' state filter, kept in the address (settlementRunFilters). */
export function RunStatusFilter({
  filters,
  onChange,
}: {
  filters: FiltersOf<typeof settlementRunFilters>;
  onChange: (filters: FiltersOf<typeof settlementRunFilters>) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterBar filters={filters} onChange={onChange} liveFields={['status']}>
      <Form.Item name="status" label={t('bonus.run.status')}>
        <Select
          allowClear
          placeholder={t('settlement.ui.allStatuses')}
          style={{ width: 200 }}
          options={SETTLEMENT_STATUSES.map((s) => ({ value: s, label: t(`bonus.run.status.${s}`) }))}
        />
      </Form.Item>
    </FilterBar>
  );
}

/**
 * The settlement runs, newest first, paged from the server (`filters.status`: those in one state): period, type,
 * real or dry run, state, totals, who started it and who approved or rejected it, and the link to its review.
 * `extra` adds columns after the totals (the history's "Payouts" button); `emptyText` replaces "No data".
 */
export function SettlementRunsTable({
  filters = {},
  extra = [],
  options,
  emptyText,
}: {
  filters?: { status?: string };
  extra?: TableColumnsType<SettlementRunDto>;
  options?: PagedListOptions;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const { tableProps } = usePagedList<SettlementRunDto>(settlementsList, filters, options);
  return (
    <Table<SettlementRunDto>
      rowKey="id"
      size="small"
      {...tableProps}
      locale={emptyText ? { emptyText: <Empty description={emptyText} /> } : tableProps.locale}
      columns={[
        { title: '#', dataIndex: 'id' },
        {
          title: t('bonus.col.period'),
          key: 'period',
          render: (_, r) => <Link to={reviewPath(r.id)}>{r.period}</Link>,
        },
        {
          title: t('bonus.type'),
          key: 'type',
          render: (_, r) => (r.type_key ? typeName(r.type_key) : t('bonus.run.allTypes')),
        },
        {
          title: '',
          key: 'dry',
          render: (_, r) => (
            <Tag color={r.dry_run ? 'blue' : 'purple'}>
              {t(r.dry_run ? 'bonus.run.dryRun' : 'bonus.run.real')}
            </Tag>
          ),
        },
        {
          title: t('bonus.run.status'),
          key: 'status',
          render: (_, r) => <RunStatusTag status={r.status} />,
        },
        { title: t('bonus.run.count'), dataIndex: 'payout_count', align: 'right' },
        {
          title: t('bonus.total'),
          key: 'total',
          align: 'right',
          render: (_, r) => <MoneyText value={r.total_amount} strong />,
        },
        {
          title: t('bonus.run.totals'),
          key: 'totals',
          render: (_, r) =>
            r.totals.map((x) => `${typeName(x.type_key)}: ${formatMoney(x.amount)}`).join(' · '),
        },
        ...extra,
        { title: t('bonus.run.startedBy'), key: 'by', render: (_, r) => r.started_by?.name ?? '-' },
        { title: t('settlement.ui.decision'), key: 'decision', render: (_, r) => <RunDecision run={r} /> },
        {
          title: t('bonus.run.createdAt'),
          key: 'at',
          render: (_, r) => formatDateTime(r.created_at),
        },
        {
          title: '',
          key: 'review',
          render: (_, r) => <Link to={reviewPath(r.id)}>{t('settlement.ui.review')}</Link>,
        },
      ]}
    />
  );
}
