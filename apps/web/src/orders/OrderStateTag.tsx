import type { OrderState } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderState, string> = {
  done: 'green',
  not_done: 'default',
  refunded: 'orange',
  refund: 'purple',
};

/** An order's state (ORDER_STATES) as the list, its filter and the detail show it. */
export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(`orders.state.${state}`)}
    </Tag>
  );
}
