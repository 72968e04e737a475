import { hasPermission, Perm, type ProviderView } from '@app/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../platform/current-user';
import { PagedTable } from '../platform/ui/PagedTable';

/** Whether the signed-in user may list who referred which provider (admins with Perm.providers). */
export function useCanSeeReferredProviders(): boolean {
  const { user } = useCurrentUser();
  return user?.is_admin === true && hasPermission(user.role_ids, Perm.providers);
}

/** The channel providers a member referred (GET /api/provider/list?referrer_user_id=…), newest first. */
export function ReferredProviders({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <PagedTable<ProviderView>
      url="/api/provider/list"
      filters={{ referrer_user_id: userId }}
      options={{ pageSize: 10 }}
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('members.ui.wallet.providerName'), dataIndex: 'name' },
        { title: t('members.ui.wallet.providerNo'), dataIndex: 'provider_no' },
        { title: t('members.ui.wallet.proportion'), key: 'proportion', render: (_, p) => `${p.proportion}%` },
        {
          title: t('members.ui.status'),
          key: 'status',
          render: (_, p) =>
            p.status === 1 ? (
              <Tag color="green">{t('members.ui.enabled')}</Tag>
            ) : (
              <Tag>{t('members.ui.disabled')}</Tag>
            ),
        },
        {
          title: t('members.ui.createdAt'),
          key: 'created_at',
          render: (_, p) => dayjs(p.created_at).format('YYYY-MM-DD HH:mm'),
        },
      ]}
    />
  );
}
