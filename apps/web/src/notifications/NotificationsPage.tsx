import type { NotificationItem } from '@app/contracts';
import { Button, Card, Empty, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PagedTable } from '../platform/ui/PagedTable';
import { MailPreferences } from './MailPreferences';
import { NotificationItemRow } from './NotificationItemRow';
import { notificationList, useMarkRead, useNotificationSummary } from './notifications.api';

/** Every notification, newest first, page by page; and the e-mail preferences (the administrators' account page). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'preferences' ? 'preferences' : 'list';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setSearch(key === 'list' ? {} : { tab: key }, { replace: true })}
      items={[
        { key: 'list', label: t('notifications.ui.tab.list'), children: <AllNotifications /> },
        { key: 'preferences', label: t('notifications.ui.tab.preferences'), children: <MailPreferences /> },
      ]}
    />
  );
}

function AllNotifications() {
  const { t } = useTranslation();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const unread = useNotificationSummary().data?.unread ?? 0;
  const markRead = useMarkRead();
  return (
    <Card>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Switch checked={unreadOnly} onChange={setUnreadOnly} data-testid="unread-only" />
          <Typography.Text>{t('notifications.ui.unreadOnly')}</Typography.Text>
        </Space>
        <Button disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate({})}>
          {t('notifications.ui.markAllRead')}
        </Button>
      </Space>
      <PagedTable<NotificationItem>
        list={notificationList}
        filters={unreadOnly ? { unread: '1' } : {}}
        rowKey="id"
        showHeader={false}
        data-testid="notification-list"
        locale={{ emptyText: <Empty description={t('notifications.ui.empty')} /> }}
        columns={[{ key: 'item', render: (_, item) => <NotificationItemRow item={item} /> }]}
      />
    </Card>
  );
}
