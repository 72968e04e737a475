import type { SessionView } from '@app/contracts';
import { Button, Card, Empty, List, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../platform/format';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { useEndOtherSessions, useEndSession, useSessions } from './security.api';

/**
 * The account's signed-in sessions (docs/product/access.md, "Sessions"), the latest seen first, this device
 * marked; each other one ended after a confirmation, or all of them at once.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const { data, isLoading } = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const sessions = data?.list ?? [];
  const others = sessions.filter((session) => !session.current).length;
  const describe = (session: SessionView) =>
    [session.browser ?? t('security.unknownBrowser'), session.os].filter(Boolean).join(' · ');
  return (
    <Card
      title={t('security.sessions')}
      extra={
        others > 0 && (
          <ConfirmButton confirm={t('security.endOthersConfirm')} onConfirm={() => endOthers.mutateAsync()}>
            {t('security.endOthers')}
          </ConfirmButton>
        )
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : sessions.length === 0 ? (
        <Empty description={t('security.noSessions')} />
      ) : (
        <List
          dataSource={sessions}
          rowKey="id"
          renderItem={(session) => (
            <List.Item
              className="session-item"
              actions={
                session.current
                  ? []
                  : [
                      <Popconfirm
                        key="end"
                        title={t('security.endConfirm')}
                        okText={t('platform.ok')}
                        cancelText={t('platform.cancel')}
                        onConfirm={() => endOne.mutateAsync(session.id)}
                      >
                        <Button danger size="small">
                          {t('security.end')}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    {t(`security.device.${session.device}`)}
                    {session.current && <Tag color="blue">{t('security.thisDevice')}</Tag>}
                  </Space>
                }
                description={
                  <Space direction="vertical" size={0}>
                    <Typography.Text>{describe(session)}</Typography.Text>
                    <Typography.Text type="secondary">
                      {t('security.address')}: {session.address ?? '-'}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t('security.firstSeen')}: {formatDateTime(session.created_at)} ·{' '}
                      {t('security.lastSeen')}: {formatDateTime(session.last_seen_at)}
                    </Typography.Text>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
