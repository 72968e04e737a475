import { type OrderView, UI } from '@app/contracts';
import { Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderDetailDialog } from '../orders/OrderDetailDialog';
import { ordersList } from '../orders/orders.api';
import { formatDateTime } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';

/** The orders the member bought (POST /api/orders/list by buyer), newest first; an order number opens its detail. */
export function MemberOrders({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const { tableProps } = usePagedList<OrderView>(
    ordersList,
    { user_id: userId },
    { pageSize: UI.ordersPageSize, pageSizes: UI.ordersPageSizes },
  );
  return (
    <Card size="small" title={t('members.ui.section.orders')}>
      <Table<OrderView>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={[
          {
            title: t('orders.orderId'),
            key: 'order_no',
            dataIndex: 'order_no',
            sorter: true,
            render: (no: string) => <Typography.Link onClick={() => setOrderNo(no)}>{no}</Typography.Link>,
          },
          { title: t('orders.product'), dataIndex: 'product_name', key: 'product' },
          { title: t('orders.provider'), key: 'provider', render: (_, o) => o.provider?.name ?? '-' },
          {
            title: t('orders.orderReferer'),
            key: 'referer',
            sorter: true,
            render: (_, o) => <UserName user={o.referer_user} />,
          },
          {
            title: t('orders.amount'),
            key: 'amount',
            sorter: true,
            align: 'right',
            render: (_, o) => <MoneyText value={o.amount} />,
          },
          { title: t('orders.salesPoint'), dataIndex: 'sales_point', key: 'sales_point', sorter: true },
          {
            title: t('orders.completedAt'),
            key: 'completed_at',
            sorter: true,
            render: (_, o) => formatDateTime(o.completed_at),
          },
        ]}
      />
      <OrderDetailDialog orderNo={orderNo} onClose={() => setOrderNo(null)} />
    </Card>
  );
}
