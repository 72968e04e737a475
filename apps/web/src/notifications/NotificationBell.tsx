import { BellOutlined } from '@ant-design/icons';
import type { NotificationSummary } from '@app/contracts';
import { Badge, Button, Divider, Drawer, Empty, List, Popover, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usePhone } from '../platform/ui/phone';
import { NotificationItemRow } from './NotificationItemRow';
import { useMarkRead, useNotificationSummary } from './notifications.api';

/**
 * The navbar bell: its count is the panel's figures (unread notifications plus the work waiting for an
 * administrator), both from one answer of GET /api/notifications/summary.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  const summary = useNotificationSummary();
  const count = summary.data?.count ?? 0;
  const panel = <Panel summary={summary.data} loading={summary.isPending} close={() => setOpen(false)} />;
  const bell = (
    <Button
      type="text"
      aria-label={t('notifications.ui.bell', { count })}
      data-testid="notification-bell"
      onClick={phone ? () => setOpen(true) : undefined}
    >
      <Badge count={count} size="small" overflowCount={99} data-testid="notification-count">
        <BellOutlined style={{ fontSize: 18 }} />
      </Badge>
    </Button>
  );
  // On a phone the panel is a drawer across the screen: a popover under the bell would run off its left edge.
  if (phone)
    return (
      <>
        {bell}
        <Drawer open={open} onClose={() => setOpen(false)} title={t('notifications.ui.title')} size="100%">
          {panel}
        </Drawer>
      </>
    );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('notifications.ui.title')}
      content={<div style={{ width: 360 }}>{panel}</div>}
    >
      {bell}
    </Popover>
  );
}

function Panel({
  summary,
  loading,
  close,
}: {
  summary: NotificationSummary | undefined;
  loading: boolean;
  close: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  if (loading || !summary) return <Spin data-testid="notification-panel-loading" />;
  const empty = summary.waiting.length === 0 && summary.latest.length === 0;
  return (
    <div className="notification-panel" data-testid="notification-panel">
      {summary.waiting.length > 0 && (
        <>
          <Typography.Text type="secondary">{t('notifications.ui.waiting')}</Typography.Text>
          <List
            size="small"
            dataSource={summary.waiting}
            renderItem={(w) => (
              <List.Item data-testid="notification-waiting">
                <Link to={w.link} onClick={close}>
                  {w.title}
                </Link>
              </List.Item>
            )}
          />
          <Divider style={{ margin: '8px 0' }} />
        </>
      )}
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.ui.empty')} />
      ) : (
        <List
          size="small"
          dataSource={summary.latest}
          renderItem={(item) => (
            <List.Item>
              <NotificationItemRow item={item} onOpen={close} />
            </List.Item>
          )}
          style={{ maxHeight: 360, overflowY: 'auto' }}
        />
      )}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Button
          size="small"
          disabled={summary.unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({})}
          data-testid="notification-mark-all"
        >
          {t('notifications.ui.markAllRead')}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            close();
            navigate('/notifications');
          }}
        >
          {t('notifications.ui.seeAll')}
        </Button>
      </Space>
    </div>
  );
}
