import { Descriptions, Modal, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../platform/ui/MoneyText';
import { UserName } from '../platform/ui/UserName';
import { OrderStateTag } from './OrderStateTag';
import { useOrderDetail } from './orders.api';

/** Profit and rebate figures: the server sends them to admins only. */
const FIGURES = [
  ['platform_profit', 'orders.platformProfit'],
  ['platform_rebate', 'orders.platformRebate'],
  ['supplier_rebate', 'orders.supplierRebate'],
] as const;

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');

/** The order detail dialog: amounts, profit and rebates (admins), buyer and referers. */
export function OrderDetailDialog({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: o } = useOrderDetail(orderNo);
  return (
    <Modal open={!!orderNo} title={t('orders.detail')} footer={null} onCancel={onClose} width={720}>
      {!o ? (
        <Skeleton active />
      ) : (
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={t('orders.orderId')}>{o.order_no}</Descriptions.Item>
          <Descriptions.Item label={t('orders.platformOrderId')}>{o.platform_order_no}</Descriptions.Item>
          <Descriptions.Item label={t('orders.status')}>
            <OrderStateTag state={o.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.orderType')}>
            {t(`orders.source.${o.source_type}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.subtype')}>
            {t(`orders.subtype.${o.subtype}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.product')}>{o.product_name}</Descriptions.Item>
          <Descriptions.Item label={t('orders.buyer')}>
            <UserName user={o.user} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.provider')}>{o.provider?.name ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.orderReferer')}>
            <UserName user={o.referer_user} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.userReferer')}>
            <UserName user={o.user_referer} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.amount')}>
            <MoneyText value={o.amount} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.salesPoint')}>{o.sales_point}</Descriptions.Item>
          {FIGURES.map(([key, label]) =>
            o[key] === undefined ? null : (
              <Descriptions.Item key={key} label={t(label)}>
                <MoneyText value={o[key]} />
              </Descriptions.Item>
            ),
          )}
          <Descriptions.Item label={t('orders.orderAt')}>{time(o.order_at)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.completedAt')}>{time(o.completed_at)}</Descriptions.Item>
          {o.refund_no && <Descriptions.Item label={t('orders.refundNo')}>{o.refund_no}</Descriptions.Item>}
          {o.platform_order_no_origin && (
            <Descriptions.Item label={t('orders.originOrderNo')}>
              {o.platform_order_no_origin}
            </Descriptions.Item>
          )}
          {o.refunded_at && (
            <Descriptions.Item label={t('orders.refundedAt')}>{time(o.refunded_at)}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}
