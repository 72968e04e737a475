import type { WithheldPayout } from '@app/contracts';
import { Alert, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../platform/current-user';
import { formatDateTime, formatMoney } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';
import { useWithheldPayouts } from './bonus.api';
import { ExplainPayoutButton, useMayExplainPayouts } from './PayoutExplanation';
import { PayoutStatusTag } from './PayoutStatusTag';

const PAGE_SIZE = 10;

/**
 * A member's held and forfeited payouts (bonusEndpoints.withheldPayouts): not credited, so not in the bonus
 * reports' totals. Says whether the member's commissions are on hold or forfeited now; shows nothing at all while
 * the member is paid and has none. On the member's bonus page and the user detail's wallet.
 */
export function WithheldPayouts({ userId, always = false }: { userId: number; always?: boolean }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const mayExplain = useMayExplainPayouts();
  const [page, setPage] = useState(1);
  const withheld = useWithheldPayouts(userId, { page, pageSize: PAGE_SIZE });
  const data = withheld.data;
  if (withheld.error) return <Alert type="warning" showIcon message={(withheld.error as Error).message} />;
  if (!data) return null;
  const none = data.held.count === 0 && data.forfeited.count === 0;
  if (none && data.commission_status === 'pay' && !always) return null;
  const own = user?.id === userId;
  const sum = (key: 'held' | 'forfeited') =>
    t(`commission.ui.withheld.${key}Sum`, {
      count: data[key].count,
      amount: formatMoney(data[key].amount),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="withheld-payouts">
      {data.commission_status !== 'pay' && (
        <Alert
          type={data.commission_status === 'hold' ? 'warning' : 'error'}
          showIcon
          message={t(`commission.ui.withheld.notice.${data.commission_status}${own ? '' : 'Admin'}`)}
          description={data.commission_reason ?? undefined}
        />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('commission.ui.withheld.title')}
      </Typography.Title>
      <Space wrap>
        <Typography.Text data-testid="withheld-held-sum">{sum('held')}</Typography.Text>
        <Typography.Text type="secondary">{sum('forfeited')}</Typography.Text>
      </Space>
      <Table<WithheldPayout>
        rowKey="id"
        size="small"
        loading={withheld.isFetching}
        dataSource={data.list}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('commission.ui.withheld.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data.meta.total,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('commission.ui.withheld.status'),
            key: 'status',
            render: (_, r) => <PayoutStatusTag status={r.status} />,
          },
          { title: t('commission.ui.withheld.type'), dataIndex: 'type_name' },
          { title: t('commission.ui.withheld.period'), dataIndex: 'period' },
          {
            title: t('commission.ui.withheld.orderNo'),
            key: 'order_no',
            render: (_, r) => r.order_no ?? '-',
          },
          {
            title: t('commission.ui.withheld.amount'),
            key: 'amount',
            align: 'right',
            render: (_, r) => <MoneyText value={r.amount} />,
          },
          {
            title: t('commission.ui.withheld.time'),
            key: 'created_at',
            render: (_, r) => formatDateTime(r.created_at),
          },
          ...(mayExplain
            ? [
                {
                  key: 'explain',
                  render: (_: unknown, r: WithheldPayout) => (
                    <ExplainPayoutButton target={{ source: 'payout', id: r.id }} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
