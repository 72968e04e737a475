import type { NotificationItem } from '@app/contracts';
import { Badge, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ExplainPayoutButton } from '../bonus/PayoutExplanation';
import { formatDateTime } from '../platform/format';
import { useMarkRead } from './notifications.api';

/** One notification: unread ones marked; opening it marks it read and goes where it belongs. */
export function NotificationItemRow({ item, onOpen }: { item: NotificationItem; onOpen?: () => void }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const open = async () => {
    if (!item.read) await markRead.mutateAsync({ ids: [item.id] }).catch(() => undefined);
    onOpen?.();
    if (item.link) navigate(item.link);
  };
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', width: '100%' }}>
      <button
        type="button"
        className="notification-item"
        data-testid="notification-item"
        data-read={item.read}
        onClick={open}
        style={{ all: 'unset', cursor: 'pointer', flex: 1, display: 'flex', gap: 8, minWidth: 0 }}
      >
        <Badge status={item.read ? 'default' : 'processing'} />
        <span style={{ minWidth: 0 }}>
          <Typography.Text strong={!item.read} style={{ display: 'block', overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(item.created_at)}
          </Typography.Text>
        </span>
      </button>
      {item.payout_id !== null && <ExplainPayoutButton target={{ source: 'payout', id: item.payout_id }} />}
    </div>
  );
}
