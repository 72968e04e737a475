import type { PayoutStatus } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A payout's status as a tag: paid (green), held (orange), forfeited (red). */
export function PayoutStatusTag({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation();
  const color = status === 'paid' ? 'green' : status === 'held' ? 'orange' : 'red';
  return (
    <Tag color={color} data-testid={`payout-status-${status}`}>
      {t(`commission.ui.payout.${status}`)}
    </Tag>
  );
}
