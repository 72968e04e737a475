import { DownloadOutlined } from '@ant-design/icons';
import {
  formatCents,
  parseCents,
  SETTLEMENT_FLAGS,
  type SettlementChangeItem,
  type SettlementFlag,
  type SettlementFlagItem,
  type SettlementPayoutItem,
  type SettlementPreviewItem,
  type SettlementReview,
  type SettlementRunDto,
  type SettlementTypeComparison,
} from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  theme,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../platform/filters/FilterBar';
import type { FiltersOf } from '../platform/filters/url-filters';
import { formatCount } from '../platform/format';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import {
  exportRunChanges,
  exportRunFlags,
  exportRunPayouts,
  runChangesList,
  runFlagsList,
  type runPayoutFilters,
  runPayoutsList,
  useBonusTypes,
  useLevelSettings,
} from './bonus.api';
import { ExplainPayoutButton, useMayExplainPayouts } from './PayoutExplanation';
import { useTypeName } from './SettlementRunsTable';

type RunPayoutFilters = FiltersOf<typeof runPayoutFilters>;

/** A table of the review's own data: scrolls sideways inside its card (phones), no pagination. */
const OWN = { size: 'small', pagination: false, scroll: { x: 'max-content' } } as const;

const cents = (amount: string) => parseCents(amount) ?? 0;
/** `a - b` of two API amounts, as an API amount. */
const minus = (a: string, b: string) => formatCents(cents(a) - cents(b));

/** A difference: '+12.00' or '-3.00' highlighted, '0.00' plain. */
function Difference({ value }: { value: string }) {
  const n = cents(value.replace('-', ''));
  if (n === 0) return <Typography.Text type="secondary">0.00</Typography.Text>;
  const negative = value.startsWith('-');
  return (
    <Typography.Text strong type={negative ? 'danger' : 'success'}>
      {negative ? '' : '+'}
      <MoneyText value={value} />
    </Typography.Text>
  );
}

/** The payouts and amount columns of a totals table. */
const countAndAmount = <T extends { count: number; amount: string }>(t: TFunction): ColumnsType<T> => [
  { title: t('settlement.ui.count'), key: 'count', align: 'right', render: (_, r) => formatCount(r.count) },
  {
    title: t('settlement.ui.amount'),
    key: 'amount',
    align: 'right',
    render: (_, r) => <MoneyText value={r.amount} />,
  },
];

/** Totals per bonus type (the run's totals), with the sum of all. */
export function ByTypeCard({ review }: { review: SettlementReview }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const { run } = review;
  return (
    <Card title={t('settlement.ui.byType')} data-testid="review-by-type">
      <Table<SettlementRunDto['totals'][number]>
        {...OWN}
        rowKey="type_key"
        dataSource={run.totals}
        locale={{ emptyText: <Empty description={t('platform.noData')} /> }}
        columns={[
          { title: t('bonus.type'), key: 'type', render: (_, r) => typeName(r.type_key) },
          ...countAndAmount<SettlementRunDto['totals'][number]>(t),
        ]}
        summary={() =>
          run.totals.length > 1 && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('bonus.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {formatCount(run.payout_count)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <MoneyText value={run.total_amount} strong />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </Card>
  );
}

/** Totals per level of the receivers: receivers, payouts and amount. */
export function ByLevelCard({ review }: { review: SettlementReview }) {
  const { t } = useTranslation();
  const levels = useLevelSettings().data ?? [];
  const levelName = (id: number) => levels.find((l) => l.id === id)?.name ?? `#${id}`;
  return (
    <Card title={t('settlement.ui.byLevel')} data-testid="review-by-level">
      <Table<SettlementReview['by_level'][number]>
        {...OWN}
        rowKey="level_id"
        dataSource={review.by_level}
        locale={{ emptyText: <Empty description={t('platform.noData')} /> }}
        columns={[
          { title: t('bonus.level.name'), key: 'level', render: (_, r) => levelName(r.level_id) },
          {
            title: t('settlement.ui.receivers'),
            key: 'receivers',
            align: 'right',
            render: (_, r) => formatCount(r.receivers),
          },
          ...countAndAmount<SettlementReview['by_level'][number]>(t),
        ]}
      />
    </Card>
  );
}

/** The run's largest payouts; each opens its member's payouts of that type below (where they are explained). */
export function LargestCard({
  review,
  onShow,
}: {
  review: SettlementReview;
  onShow: (filter: { member: string; type_key: number }) => void;
}) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  return (
    <Card title={t('settlement.ui.largest')} data-testid="review-largest">
      <Table<SettlementPreviewItem>
        {...OWN}
        rowKey={(r) => `${r.user.id}-${r.type_key}-${r.period}-${r.order_no ?? ''}`}
        dataSource={review.largest}
        locale={{ emptyText: <Empty description={t('platform.noData')} /> }}
        columns={[
          { title: t('bonus.run.user'), key: 'user', render: (_, r) => <UserName user={r.user} /> },
          { title: t('settlement.ui.memberNo'), key: 'no', render: (_, r) => r.user.user_no },
          { title: t('bonus.type'), key: 'type', render: (_, r) => typeName(r.type_key) },
          { title: t('bonus.col.period'), dataIndex: 'period' },
          { title: t('bonus.col.orderNo'), key: 'order', render: (_, r) => r.order_no ?? '-' },
          {
            title: t('settlement.ui.amount'),
            key: 'amount',
            align: 'right',
            render: (_, r) => <MoneyText value={r.amount} />,
          },
          {
            title: '',
            key: 'show',
            render: (_, r) => (
              <Button
                size="small"
                type="link"
                onClick={() => onShow({ member: r.user.user_no, type_key: r.type_key })}
              >
                {t('settlement.ui.showInPayouts')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The flagged receivers: counts per flag as tabs, the receivers of the chosen one paged from the server. */
export function FlagsCard({ review }: { review: SettlementReview }) {
  const { t } = useTranslation();
  const [flag, setFlag] = useState<SettlementFlag | 'all'>('all');
  const { flags } = review;
  const multiple = flags.multiple;
  const total = SETTLEMENT_FLAGS.reduce((sum, f) => sum + flags[f], 0);
  const label = (f: SettlementFlag | 'all') => t(`settlement.ui.flag.${f}`, { multiple });
  const { tableProps } = usePagedList<SettlementFlagItem>(
    runFlagsList(review.run.id),
    flag === 'all' ? {} : { flag },
    { pageSize: 10 },
  );
  return (
    <Card
      title={t('settlement.ui.flags')}
      data-testid="review-flags"
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            exportRunFlags(review.run.id, flag === 'all' ? undefined : flag).catch(() => undefined)
          }
        >
          {t('settlement.ui.export')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('settlement.ui.flagsHint', { multiple })}
      </Typography.Paragraph>
      <Tabs
        activeKey={flag}
        onChange={(key) => setFlag(key as SettlementFlag | 'all')}
        items={(['all', ...SETTLEMENT_FLAGS] as const).map((f) => ({
          key: f,
          label: `${label(f)} (${formatCount(f === 'all' ? total : flags[f])})`,
        }))}
      />
      <Table<SettlementFlagItem>
        rowKey={(r) => r.user.id}
        size="small"
        {...tableProps}
        columns={[
          { title: t('bonus.run.user'), key: 'user', render: (_, r) => <UserName user={r.user} /> },
          { title: t('settlement.ui.memberNo'), key: 'no', render: (_, r) => r.user.user_no },
          {
            title: t('settlement.ui.flag'),
            key: 'flag',
            render: (_, r) => <Tag color={r.flag === 'spike' ? 'orange' : 'red'}>{label(r.flag)}</Tag>,
          },
          {
            title: t('settlement.ui.count'),
            key: 'count',
            align: 'right',
            render: (_, r) => formatCount(r.count),
          },
          {
            title: t('settlement.ui.amount'),
            key: 'amount',
            align: 'right',
            render: (_, r) => <MoneyText value={r.amount} />,
          },
          {
            title: t('settlement.ui.previousAmount'),
            key: 'previous',
            align: 'right',
            render: (_, r) => <MoneyText value={r.previous_amount} />,
          },
        ]}
      />
    </Card>
  );
}

/**
 * The run against the latest dry run of its period or against the previous period (a toggle): per bonus type,
 * differences highlighted, and the members whose amount changed most, paged from the server.
 */
export function ComparisonCard({ review }: { review: SettlementReview }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const { token } = theme.useToken();
  const [against, setAgainst] = useState<'dry_run' | 'previous'>(review.dry_run ? 'dry_run' : 'previous');
  const comparison = against === 'dry_run' ? review.dry_run : review.previous;
  const rowDiffers = (r: SettlementTypeComparison) =>
    r.count !== r.other_count || r.amount !== r.other_amount;
  return (
    <Card title={t('settlement.ui.comparison')} data-testid="review-comparison">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          value={against}
          onChange={(v) => setAgainst(v as 'dry_run' | 'previous')}
          options={(['dry_run', 'previous'] as const).map((v) => ({
            value: v,
            label: t(`settlement.ui.against.${v}`),
          }))}
        />
        {comparison === null ? (
          <Alert type="info" showIcon message={t('settlement.ui.noDryRun')} />
        ) : (
          <>
            <Typography.Text strong>
              {comparison.against === 'dry_run'
                ? t('settlement.ui.againstDryRun', { id: comparison.run_id, period: comparison.period })
                : t('settlement.ui.againstPrevious', { period: comparison.period })}
            </Typography.Text>
            <Table<SettlementTypeComparison>
              {...OWN}
              rowKey="type_key"
              dataSource={comparison.by_type}
              onRow={(r) => ({ style: rowDiffers(r) ? { background: token.colorWarningBg } : undefined })}
              locale={{ emptyText: <Empty description={t('platform.noData')} /> }}
              columns={[
                { title: t('bonus.type'), key: 'type', render: (_, r) => typeName(r.type_key) },
                {
                  title: `${t('settlement.ui.count')}: ${t('settlement.ui.thisRun')}`,
                  key: 'count',
                  align: 'right',
                  render: (_, r) => formatCount(r.count),
                },
                {
                  title: `${t('settlement.ui.count')}: ${t('settlement.ui.other')}`,
                  key: 'other_count',
                  align: 'right',
                  render: (_, r) => (
                    <Typography.Text type={r.count !== r.other_count ? 'warning' : undefined}>
                      {formatCount(r.other_count)}
                    </Typography.Text>
                  ),
                },
                {
                  title: `${t('settlement.ui.amount')}: ${t('settlement.ui.thisRun')}`,
                  key: 'amount',
                  align: 'right',
                  render: (_, r) => <MoneyText value={r.amount} />,
                },
                {
                  title: `${t('settlement.ui.amount')}: ${t('settlement.ui.other')}`,
                  key: 'other_amount',
                  align: 'right',
                  render: (_, r) => <MoneyText value={r.other_amount} />,
                },
                {
                  title: t('settlement.ui.difference'),
                  key: 'difference',
                  align: 'right',
                  render: (_, r) => <Difference value={minus(r.amount, r.other_amount)} />,
                },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('bonus.total')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {formatCount(comparison.count)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {formatCount(comparison.other_count)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <MoneyText value={comparison.amount} strong />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <MoneyText value={comparison.other_amount} strong />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    <Difference value={minus(comparison.amount, comparison.other_amount)} />
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
            <Typography.Text strong>{t('settlement.ui.changedMost')}</Typography.Text>
            <Changes runId={review.run.id} against={against} />
          </>
        )}
      </Space>
    </Card>
  );
}

/** The members whose amount differs most from the other run or period, largest change first. */
function Changes({ runId, against }: { runId: number; against: 'dry_run' | 'previous' }) {
  const { t } = useTranslation();
  const { tableProps } = usePagedList<SettlementChangeItem>(
    runChangesList(runId, against),
    { against },
    { pageSize: 10 },
  );
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => exportRunChanges(runId, against).catch(() => undefined)}
        style={{ marginBottom: 8 }}
      >
        {t('settlement.ui.export')}
      </Button>
      <Table<SettlementChangeItem>
        rowKey={(r) => r.user.id}
        size="small"
        data-testid="review-changes"
        {...tableProps}
        columns={[
          { title: t('bonus.run.user'), key: 'user', render: (_, r) => <UserName user={r.user} /> },
          { title: t('settlement.ui.memberNo'), key: 'no', render: (_, r) => r.user.user_no },
          {
            title: t('settlement.ui.thisRun'),
            key: 'amount',
            align: 'right',
            render: (_, r) => <MoneyText value={r.amount} />,
          },
          {
            title: t('settlement.ui.other'),
            key: 'other',
            align: 'right',
            render: (_, r) => <MoneyText value={r.other_amount} />,
          },
          {
            title: t('settlement.ui.difference'),
            key: 'change',
            align: 'right',
            render: (_, r) => <Difference value={r.change} />,
          },
        ]}
      />
    </>
  );
}

/**
 * Every payout of the run, paged from the server, narrowed by member number and bonus type (the page's URL
 * filters, set here or by the largest payouts), each explained; the export writes those of the filters.
 */
export function PayoutsCard({
  run,
  filters,
  onFilter,
}: {
  run: SettlementRunDto;
  filters: RunPayoutFilters;
  onFilter: (filters: RunPayoutFilters) => void;
}) {
  const { t } = useTranslation();
  const types = useBonusTypes();
  const exportJob = useStartedJob();
  return (
    <Card title={t('settlement.ui.payouts')} data-testid="review-payouts">
      {run.list_cleared_at ? (
        <Alert type="info" showIcon message={t('settlement.ui.listCleared')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <FilterBar
            filters={filters}
            onChange={onFilter}
            liveFields={['type_key']}
            searchText={t('settlement.ui.search')}
            resetText={t('settlement.ui.reset')}
            extra={
              <Button
                onClick={() => exportJob.run(() => exportRunPayouts(run.id, filters)).catch(() => undefined)}
              >
                {t('settlement.ui.export')}
              </Button>
            }
          >
            <Form.Item name="member">
              <Input
                allowClear
                placeholder={t('settlement.ui.memberNo')}
                aria-label={t('settlement.ui.memberNo')}
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="type_key">
              <Select
                allowClear
                aria-label={t('bonus.type')}
                placeholder={t('bonus.run.allTypes')}
                style={{ width: 220 }}
                options={(types.data ?? []).map((x) => ({ value: x.key, label: `${x.key} ${x.name}` }))}
              />
            </Form.Item>
          </FilterBar>
          <RunPayoutsTable run={run} filters={filters} />
        </Space>
      )}
      <StartedJobProgress job={exportJob} />
    </Card>
  );
}

function RunPayoutsTable({ run, filters }: { run: SettlementRunDto; filters: RunPayoutFilters }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const mayExplain = useMayExplainPayouts();
  const { tableProps } = usePagedList<SettlementPayoutItem>(runPayoutsList(run.id), filters, {
    pageSize: 10,
  });
  return (
    <Table<SettlementPayoutItem>
      rowKey="id"
      size="small"
      {...tableProps}
      columns={[
        { title: t('bonus.run.user'), key: 'user', render: (_, r) => <UserName user={r.user} /> },
        { title: t('settlement.ui.memberNo'), key: 'no', render: (_, r) => r.user.user_no },
        { title: t('bonus.type'), key: 'type', render: (_, r) => typeName(r.type_key) },
        { title: t('bonus.col.period'), dataIndex: 'period' },
        { title: t('bonus.col.orderNo'), key: 'order', render: (_, r) => r.order_no ?? '-' },
        { title: t('bonus.col.salesPoint'), dataIndex: 'sales_point', align: 'right' },
        {
          title: t('bonus.col.amount'),
          key: 'amount',
          align: 'right',
          render: (_, r) => <MoneyText value={r.amount} />,
        },
        ...(mayExplain
          ? [
              {
                title: '',
                key: 'explain',
                render: (_: unknown, r: SettlementPayoutItem) => (
                  <ExplainPayoutButton target={{ source: 'run', runId: run.id, id: r.id }} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
