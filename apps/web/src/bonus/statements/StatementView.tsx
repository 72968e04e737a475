import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  type Statement,
  type StatementPayout,
  type StatementReversal,
  type StatementTransfer,
  type StatementTypeLine,
  type StatementWithdrawal,
  statementQuery,
} from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../../platform/business-days';
import { useBusinessTimeZone } from '../../platform/current-user';
import { useUrlFilters } from '../../platform/filters/useUrlFilters';
import { formatCount, formatDateTime, formatMoney } from '../../platform/format';
import { ApiError } from '../../platform/http';
import { MoneyText } from '../../platform/ui/MoneyText';
import { PagedTable } from '../../platform/ui/PagedTable';
import { usePhone } from '../../platform/ui/phone';
import { exportStatement, statementPayoutsList, useStatement } from '../bonus.api';
import './statement.css';

/** The month in the address (?month=YYYY-MM); this month when it names none. */
const monthFilter = statementQuery.pick({ month: true }).partial();

/**
 * A member's earnings statement of a month (docs/product/bonus-reports.md): summary figures, bonuses by type, reversals,
 * withdrawals, transfers, the wallet's opening and closing balance, and the month's payouts page by page; printable
 * (statement.css prints it without the shell) and exportable. `userId` undefined: the signed-in member's own.
 */
export function StatementView({ userId }: { userId?: number }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const { filters, setFilters } = useUrlFilters(monthFilter);
  const today = businessToday(useBusinessTimeZone());
  const month = filters.month ?? today.format('YYYY-MM');
  const statement = useStatement(userId, month);
  const [exporting, setExporting] = useState(false);
  const s = statement.data;
  const failed = statement.error instanceof ApiError ? statement.error.message : null;
  const onExport = () => {
    if (!s) return;
    setExporting(true);
    exportStatement(userId, month, s.member.user_no)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="statement">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
            {t('statement.title')}
            {s && ` · ${s.member.name} (${s.member.user_no}) · ${s.month}`}
          </Typography.Title>
        }
      >
        <Space wrap className="statement-actions" style={{ marginBottom: 12 }}>
          <DatePicker
            picker="month"
            aria-label={t('statement.month')}
            allowClear={false}
            value={dayjs(`${month}-01`)}
            disabledDate={(d) => d.isAfter(today, 'month')}
            onChange={(d) => d && setFilters({ month: d.format('YYYY-MM') })}
          />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!s}>
            {t('statementUi.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} disabled={!s}>
            {t('statementUi.export')}
          </Button>
        </Space>
        {failed && <Alert type="error" showIcon title={failed} />}
        {s && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            layout={phone ? 'vertical' : 'horizontal'}
          >
            <Descriptions.Item label={t('statement.member')}>{s.member.name}</Descriptions.Item>
            <Descriptions.Item label={t('statement.memberNo')}>{s.member.user_no}</Descriptions.Item>
            <Descriptions.Item label={t('statement.month')}>{s.month}</Descriptions.Item>
            <Descriptions.Item label={t('statement.timeZone')}>{s.time_zone}</Descriptions.Item>
          </Descriptions>
        )}
        {s?.partial && <Alert type="info" showIcon title={t('statement.partial')} style={{ marginTop: 8 }} />}
      </Card>
      {statement.isPending && !failed && <Card loading />}
      {s && <StatementBody s={s} userId={userId} month={month} />}
    </Space>
  );
}

function Figure({ title, value, testId }: { title: string; value: string; testId: string }) {
  return (
    <Col xs={12} sm={8} lg={4}>
      <Card size="small" data-testid={testId}>
        <Statistic title={title} value={formatMoney(value)} />
      </Card>
    </Col>
  );
}

const money = (value: string) => <MoneyText value={value} />;
const none = (t: (k: string) => string) => ({ emptyText: <Empty description={t('statementUi.none')} /> });

function StatementBody({ s, userId, month }: { s: Statement; userId?: number; month: string }) {
  const { t } = useTranslation();
  const table = {
    size: 'small' as const,
    pagination: false as const,
    scroll: { x: 'max-content' },
    locale: none(t),
  };
  const typeColumns: ColumnsType<StatementTypeLine> = [
    { title: t('bonus.type'), dataIndex: 'name', key: 'name' },
    {
      title: t('statement.paidCount'),
      key: 'paid',
      align: 'right',
      render: (l) => formatCount(l.paid_count),
    },
    { title: t('statement.credited'), key: 'credited', align: 'right', render: (l) => money(l.credited) },
    {
      title: t('statement.heldCount'),
      key: 'heldCount',
      align: 'right',
      render: (l) => formatCount(l.held_count),
    },
    { title: t('statement.held'), key: 'held', align: 'right', render: (l) => money(l.held) },
    {
      title: t('statement.forfeitedCount'),
      key: 'fc',
      align: 'right',
      render: (l) => formatCount(l.forfeited_count),
    },
    { title: t('statement.forfeited'), key: 'forfeited', align: 'right', render: (l) => money(l.forfeited) },
  ];
  const reversalColumns: ColumnsType<StatementReversal> = [
    { title: t('statement.reversedAt'), key: 'at', render: (r) => formatDateTime(r.reversed_at) },
    { title: t('statement.orderNo'), key: 'order', render: (r) => r.order_no ?? '-' },
    { title: t('bonus.type'), key: 'type', render: (r) => r.type_name ?? '-' },
    { title: t('statement.payoutDay'), key: 'day', render: (r) => r.payout_day ?? '-' },
    { title: t('statement.amount'), key: 'amount', align: 'right', render: (r) => money(`-${r.amount}`) },
  ];
  const withdrawalColumns: ColumnsType<StatementWithdrawal> = [
    { title: t('statement.appliedAt'), key: 'at', render: (w) => formatDateTime(w.created_at) },
    { title: t('statement.amount'), key: 'amount', align: 'right', render: (w) => money(w.amount) },
    {
      title: t('statement.status'),
      key: 'status',
      render: (w) => <Tag>{t(`statement.withdrawal.${w.status}`)}</Tag>,
    },
    { title: t('statement.updatedAt'), key: 'updated', render: (w) => formatDateTime(w.updated_at) },
  ];
  const transferColumns: ColumnsType<StatementTransfer> = [
    { title: t('walletUi.time'), key: 'at', render: (x) => formatDateTime(x.created_at) },
    { title: t('statement.direction'), key: 'dir', render: (x) => t(`statement.direction.${x.direction}`) },
    { title: t('statement.counterpartyNo'), key: 'no', render: (x) => x.counterparty.user_no },
    { title: t('statement.counterparty'), key: 'name', render: (x) => x.counterparty.name },
    {
      title: t('statement.amount'),
      key: 'amount',
      align: 'right',
      render: (x) => money(x.direction === 'out' ? `-${x.amount}` : x.amount),
    },
    { title: t('statement.remark'), key: 'remark', render: (x) => x.remark ?? '-' },
  ];
  const payoutColumns: ColumnsType<StatementPayout> = [
    { title: t('statement.day'), dataIndex: 'day', key: 'day' },
    { title: t('bonus.type'), dataIndex: 'type_name', key: 'type' },
    {
      title: t('statement.status'),
      key: 'status',
      render: (p) => (
        <Space size={4} wrap>
          <Tag color={p.status === 'paid' ? 'green' : p.status === 'held' ? 'orange' : 'red'}>
            {t(`statement.payoutStatus.${p.status}`)}
          </Tag>
          {p.reversed_at && <Tag>{t('statement.reversed')}</Tag>}
        </Space>
      ),
    },
    { title: t('statement.amount'), key: 'amount', align: 'right', render: (p) => money(p.amount) },
    { title: t('statement.orderNo'), key: 'order', render: (p) => p.order_no ?? '-' },
    {
      title: t('statement.salesPoint'),
      key: 'sp',
      align: 'right',
      render: (p) => formatCount(p.sales_point),
    },
    { title: t('statement.paidAt'), key: 'at', render: (p) => formatDateTime(p.created_at) },
  ];
  const truncated = (shown: boolean) =>
    shown && <Alert type="warning" showIcon title={t('statement.listTruncated', { count: 500 })} />;
  return (
    <>
      <Row gutter={[12, 12]}>
        <Figure testId="statement-credited" title={t('statement.credited')} value={s.totals.credited} />
        <Figure testId="statement-reversed" title={t('statement.reversed')} value={s.totals.reversed} />
        <Figure testId="statement-net" title={t('statement.net')} value={s.totals.net} />
        <Figure testId="statement-held" title={t('statement.held')} value={s.totals.held} />
        <Figure testId="statement-forfeited" title={t('statement.forfeited')} value={s.totals.forfeited} />
        <Figure
          testId="statement-closing"
          title={t('statement.closingBalance')}
          value={s.wallet.closing_available}
        />
      </Row>
      <Card size="small" title={t('statement.byType')}>
        <Table<StatementTypeLine> {...table} rowKey="type_key" dataSource={s.types} columns={typeColumns} />
      </Card>
      <Card size="small" title={`${t('statement.reversals')} (${formatCount(s.reversals.count)})`}>
        {truncated(s.reversals.truncated)}
        <Table<StatementReversal>
          {...table}
          rowKey="wallet_record_no"
          dataSource={s.reversals.list}
          columns={reversalColumns}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={`${t('statement.withdrawals')} (${formatCount(s.withdrawals.count)})`}>
            {truncated(s.withdrawals.truncated)}
            <Table<StatementWithdrawal>
              {...table}
              rowKey="id"
              dataSource={s.withdrawals.list}
              columns={withdrawalColumns}
            />
            {s.withdrawals.by_status.length > 0 && (
              <Descriptions
                size="small"
                column={1}
                title={t('statementUi.withdrawalsByStatus')}
                style={{ marginTop: 8 }}
              >
                {s.withdrawals.by_status.map((b) => (
                  <Descriptions.Item key={b.status} label={t(`statement.withdrawal.${b.status}`)}>
                    {formatCount(b.count)} · {formatMoney(b.amount)}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('statement.transfers')}>
            {truncated(s.transfers.truncated)}
            <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
              <Descriptions.Item label={t('statement.transferIn')}>
                {formatCount(s.transfers.in.count)} · {formatMoney(s.transfers.in.amount)}
              </Descriptions.Item>
              <Descriptions.Item label={t('statement.transferOut')}>
                {formatCount(s.transfers.out.count)} · {formatMoney(s.transfers.out.amount)}
              </Descriptions.Item>
            </Descriptions>
            <Table<StatementTransfer>
              {...table}
              rowKey="id"
              dataSource={s.transfers.list}
              columns={transferColumns}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('statement.wallet')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('statement.openingBalance')}>
            {formatMoney(s.wallet.opening_available)}
          </Descriptions.Item>
          <Descriptions.Item label={t('statement.closingBalance')}>
            {formatMoney(s.wallet.closing_available)}
          </Descriptions.Item>
          <Descriptions.Item label={t('statement.openingFrozen')}>
            {formatMoney(s.wallet.opening_frozen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('statement.closingFrozen')}>
            {formatMoney(s.wallet.closing_frozen)}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text strong>{t('statement.movements')}</Typography.Text>
        <Table
          {...table}
          rowKey="kind"
          dataSource={s.wallet.movements}
          columns={[
            { title: t('statement.kind'), key: 'kind', render: (m) => t(`walletUi.kind.${m.kind}`) },
            {
              title: t('statement.count'),
              key: 'count',
              align: 'right',
              render: (m) => formatCount(m.count),
            },
            {
              title: t('statement.availableChange'),
              key: 'change',
              align: 'right',
              render: (m) => money(m.available),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('statementUi.walletNote')}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={`${t('statementUi.payoutsTitle')} (${formatCount(s.totals.payouts)})`}>
        <PagedTable<StatementPayout>
          list={statementPayoutsList(userId, month)}
          filters={{ user_id: userId, month }}
          rowKey="id"
          size="small"
          columns={payoutColumns}
        />
      </Card>
      <Typography.Paragraph type="secondary">
        {t('statement.basis')} {t('statementUi.printNote')}
      </Typography.Paragraph>
    </>
  );
}
