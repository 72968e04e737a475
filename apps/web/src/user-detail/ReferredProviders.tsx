import { PlusOutlined } from '@ant-design/icons';
import { Perm, type ProviderView } from '@app/contracts';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCan } from '../members/permissions';
import { formatDateTime } from '../platform/format';
import { usePagedList } from '../platform/ui/PagedTable';
import { ProviderForm } from '../providers/ProviderForm';
import { referredProvidersList } from '../providers/providers.api';

/**
 * Whether the signed-in user may list who referred which provider (admins with Perm.providers),
 * the same permission as adding and editing providers.
 */
export const useCanSeeReferredProviders = () => useAdminCan(Perm.providers);

/**
 * The channel providers a member referred (GET /api/provider/list?referrer_user_id=…), newest first,
 * with the provider add/edit modal (a new provider's referrer preset to the member).
 */
export function ReferredProviders({ userId, userNo }: { userId: number; userNo: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ProviderView | null | undefined>(undefined);
  const { tableProps } = usePagedList<ProviderView>(
    referredProvidersList,
    { referrer_user_id: userId },
    { pageSize: 10 },
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
        {t('providers.add')}
      </Button>
      <Table<ProviderView>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={[
          { title: t('members.ui.wallet.providerName'), dataIndex: 'name' },
          { title: t('members.ui.wallet.providerNo'), dataIndex: 'provider_no' },
          {
            title: t('members.ui.wallet.proportion'),
            key: 'proportion',
            render: (_, p) => `${p.proportion}%`,
          },
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
            render: (_, p) => formatDateTime(p.created_at),
          },
          {
            title: t('members.ui.actions'),
            key: 'actions',
            render: (_, p) => (
              <Button type="link" size="small" onClick={() => setEditing(p)}>
                {t('members.ui.editAction')}
              </Button>
            ),
          },
        ]}
      />
      {editing !== undefined && (
        <ProviderForm provider={editing} referrerUserNo={userNo} onClose={() => setEditing(undefined)} />
      )}
    </Space>
  );
}
