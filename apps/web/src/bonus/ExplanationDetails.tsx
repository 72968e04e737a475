import type { PayoutExplanation as Explanation, ExplanationOrder } from '@app/contracts';
import { Alert, Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../platform/format';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { usePagedList } from '../platform/ui/PagedTable';
import { explanationOrdersList, exportExplanationOrders, type PayoutTarget } from './bonus.api';

/**
 * The parts of "Explain this payout" that make it checkable by hand (docs/product/bonus.md): which rules it was
 * recomputed with, a reversal's refund, the global dividend's pool and shares, the downline SP a group or team
 * bonus counts and leaves out, and every source order of a monthly payout, paged and exportable.
 */

/** Whether the recomputation used the rules its run kept, or today's (a run that kept none, a one-off reward). */
export function RulesSource({ e }: { e: Explanation }) {
  const { t } = useTranslation();
  return e.rule.source === 'run' && e.run ? (
    <Tag color="green" data-testid="rules-source">
      {t('bonus.explain.rulesOfRun', { id: e.run.id })}
    </Tag>
  ) : (
    <Tag color="orange" data-testid="rules-source">
      {t('bonus.explain.rulesToday')}
    </Tag>
  );
}

/** A run that kept no rules: the amount may differ because today's rules are not the ones that paid. */
export function RulesTodayWarning({ e }: { e: Explanation }) {
  const { t } = useTranslation();
  if (e.rule.source !== 'today' || !e.run) return null;
  return <Alert type="info" showIcon message={t('bonus.explain.rulesTodayHint')} />;
}

/** The refund that took a reversed payout back. */
export function RefundOf({ e }: { e: Explanation }) {
  const { t } = useTranslation();
  const refund = e.refund;
  if (!refund) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="explanation-refund"
      message={t('bonus.explain.refund')}
      description={
        <Space direction="vertical" size={2}>
          <span>
            {t('bonus.explain.refund.order')}: <Typography.Text strong>{refund.order_no}</Typography.Text>
          </span>
          {refund.refunded_at && (
            <span>
              {t('bonus.explain.refund.at')}: {formatDateTime(refund.refunded_at)}
            </span>
          )}
          <span>
            {t('bonus.explain.refund.row')}:{' '}
            {refund.refund_order
              ? `${refund.refund_order.order_no}${refund.refund_order.refund_no ? ` (${refund.refund_order.refund_no})` : ''}`
              : t('bonus.explain.refund.none')}
          </span>
          <Typography.Text type="secondary">{t('bonus.explain.refund.hint')}</Typography.Text>
        </Space>
      }
    />
  );
}

const money = (cents: number) => formatMoney((cents / 100).toFixed(2));

/** The global dividend: pool = month SP × pool ratio, the receiver's shares, and the total shares made up per level. */
export function PoolBreakdownView({ e, levelName }: { e: Explanation; levelName: (id: number) => string }) {
  const { t } = useTranslation();
  const p = e.pool;
  if (!p) return null;
  const rows = [
    ...p.holders.map((h) => ({
      key: `level-${h.level_id}`,
      name: levelName(h.level_id),
      cap: h.share_cap,
      ...h,
    })),
    ...(p.unpaid_shares > 0
      ? [
          {
            key: 'unpaid',
            name: t('bonus.explain.pool.unpaid'),
            cap: null,
            holders: null,
            shares: p.unpaid_shares,
          },
        ]
      : []),
  ];
  return (
    <>
      <Typography.Title level={5}>{t('bonus.explain.pool')}</Typography.Title>
      <Descriptions bordered size="small" column={1} data-testid="explanation-pool">
        <Descriptions.Item label={t('bonus.explain.pool.monthSp')}>{p.month_sp}</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.ratio')}>{p.pool_ratio}%</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.pool')}>
          <Typography.Text code>{`floor(${p.month_sp} × 100 × ${p.pool_bp} / 10000)`}</Typography.Text> ={' '}
          {p.pool_cents} ({money(p.pool_cents)})
        </Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.ownSp')}>{p.own_sp}</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.directSp')}>{p.direct_sp}</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.baseSp')}>
          {p.own_sp} + {p.direct_sp} = {p.base_sp}
        </Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.spPerShare')}>{p.sp_per_share}</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.cap')}>{p.share_cap}</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.shares')}>
          <Typography.Text code>
            {/* A formula to check on a calculator: its figures ungrouped, like the pool's line above. */}
            {t('bonus.explain.pool.sharesFormula', {
              base: String(p.base_sp),
              per: String(p.sp_per_share),
              cap: String(p.share_cap),
              shares: String(p.shares),
            })}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.pool.totalShares')}>{p.total_shares}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        data-testid="explanation-pool-holders"
        columns={[
          { title: t('bonus.level.name'), dataIndex: 'name' },
          { title: t('bonus.explain.pool.cap'), dataIndex: 'cap', align: 'right' },
          { title: t('bonus.explain.pool.holders'), dataIndex: 'holders', align: 'right' },
          { title: t('bonus.explain.pool.holderShares'), dataIndex: 'shares', align: 'right' },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              {t('bonus.explain.pool.total')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {rows.reduce((sum, r) => sum + r.shares, 0)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  );
}

/** Group and team bonuses: the receiver's downline SP in bands of generations, counted or left out. */
export function DownlineView({ e }: { e: Explanation }) {
  const { t } = useTranslation();
  const d = e.downline;
  if (!d) return null;
  const generations = (from: number, to: number | null) =>
    from === 0 && to === 0
      ? t('bonus.explain.downline.own')
      : to === null
        ? t('bonus.explain.downline.open', { from })
        : t('bonus.explain.downline.range', { from, to });
  return (
    <>
      <Typography.Title level={5}>{t('bonus.explain.downline')}</Typography.Title>
      <Table
        rowKey="from_generation"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={d.bands}
        data-testid="explanation-downline"
        columns={[
          {
            title: t('bonus.explain.downline.generations'),
            key: 'g',
            render: (_, b) => generations(b.from_generation, b.to_generation),
          },
          {
            title: '',
            key: 'counted',
            render: (_, b) =>
              b.counted ? (
                <Tag color="green">{t('bonus.explain.downline.counted')}</Tag>
              ) : (
                <Tag>{t('bonus.explain.downline.excluded')}</Tag>
              ),
          },
          { title: t('bonus.explain.downline.orders'), dataIndex: 'orders', align: 'right' },
          { title: t('bonus.explain.downline.sp'), dataIndex: 'sp', align: 'right' },
        ]}
      />
      <Typography.Text>
        {t('bonus.explain.downline.sum', {
          counted: d.counted_sp,
          excluded: d.excluded_sp,
          total: d.total_sp,
        })}
      </Typography.Text>
    </>
  );
}

/** The columns of a payout's source orders. */
export function useOrderColumns(): ColumnsType<ExplanationOrder> {
  const { t } = useTranslation();
  return [
    { title: t('bonus.col.orderNo'), dataIndex: 'order_no' },
    { title: t('bonus.col.buyer'), key: 'buyer', render: (_, o) => `${o.buyer.name} (${o.buyer.user_no})` },
    { title: t('bonus.col.salesPoint'), dataIndex: 'sales_point', align: 'right' },
    { title: t('bonus.explain.generationCol'), dataIndex: 'generation', align: 'right' },
    { title: t('bonus.explain.completedAt'), key: 'at', render: (_, o) => formatDateTime(o.completed_at) },
  ];
}

/** Every order a monthly payout counted, paged from the server, and the export of all of them as a job. */
export function PagedSourceOrders({ target, e }: { target: PayoutTarget; e: Explanation }) {
  const { t } = useTranslation();
  const { tableProps } = usePagedList<ExplanationOrder>(explanationOrdersList(target), {}, { pageSize: 10 });
  const exportJob = useStartedJob();
  const columns = useOrderColumns();
  return (
    <>
      <Typography.Title level={5}>{t('bonus.explain.orders')}</Typography.Title>
      <Space wrap>
        <Typography.Text type="secondary">
          {t('bonus.explain.ordersCounted', { count: e.orders_total })}
        </Typography.Text>
        <Button
          size="small"
          data-testid="export-explanation-orders"
          onClick={() => exportJob.run(() => exportExplanationOrders(target)).catch(() => undefined)}
        >
          {t('bonus.explain.exportOrders')}
        </Button>
      </Space>
      <div data-testid="explanation-orders-paged">
        <Table<ExplanationOrder>
          rowKey="id"
          size="small"
          {...tableProps}
          columns={columns}
          data-testid="explanation-orders"
        />
      </div>
      <StartedJobProgress job={exportJob} />
    </>
  );
}
