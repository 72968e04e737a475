import { PlusOutlined } from '@ant-design/icons';
import { COMMISSION_STATUSES, Perm, type UserListItem } from '@app/contracts';
import { Button, Card, Form, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDateTime } from '../platform/format';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { ListViews, useShownColumns } from '../views/ListViews';
import { CommissionStatusTag } from './CommissionStatusCard';
import { MemberBulkBar } from './MemberBulkBar';
import {
  exportMembers,
  type MemberFilters,
  memberFilters,
  membersList,
  useDeleteMember,
  useLevels,
  useResetTwoFactor,
} from './members.api';
import { useAdminCan } from './permissions';
import { UserFormModal } from './UserFormModal';

type Values = Record<string, unknown>;

/** The level, status and commission status pickers show "all" (0 or '') for no filter. */
const toValues = (filters: MemberFilters): Values => ({
  ...filters,
  level_id: filters.level_id ?? 0,
  status: filters.status ?? 0,
  commission_status: filters.commission_status ?? '',
});
const toFilters = ({ level_id, status, commission_status, ...values }: Values): MemberFilters => ({
  ...values,
  level_id: (level_id as number) || undefined,
  status: (status as number) || undefined,
  commission_status: (commission_status as MemberFilters['commission_status']) || undefined,
});

/** /user: the member list (admins) with search, level and status filters, sorting, and create/edit/delete. */
export default function UserListPage() {
  const { t } = useTranslation();
  const levels = useLevels();
  const remove = useDeleteMember();
  const resetTwoFactor = useResetTwoFactor();
  const mayResetTwoFactor = useAdminCan(Perm.resetTwoFactor);
  const { filters, setFilters } = useUrlFilters(memberFilters);
  const { tableProps } = usePagedList<UserListItem>(membersList, filters);
  const exportJob = useStartedJob();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<UserListItem | null | undefined>(undefined);

  const columns: ColumnsType<UserListItem> = [
    { title: t('members.ui.userNo'), dataIndex: 'user_no', key: 'user_no', sorter: true },
    {
      title: t('members.ui.name'),
      key: 'name',
      sorter: true,
      render: (_, u) => <UserName user={u} />,
    },
    { title: t('members.ui.displayName'), dataIndex: 'display_name' },
    { title: t('members.ui.email'), dataIndex: 'email' },
    { title: t('members.ui.phone'), dataIndex: 'phone' },
    { title: t('members.ui.level'), key: 'level_id', sorter: true, render: (_, u) => u.level?.name },
    {
      title: t('members.ui.status'),
      key: 'status',
      render: (_, u) =>
        u.status === 1 ? (
          <Tag color="green">{t('members.ui.enabled')}</Tag>
        ) : (
          <Tag>{t('members.ui.disabled')}</Tag>
        ),
    },
    {
      title: t('commission.ui.status'),
      key: 'commission_status',
      render: (_, u) => u.commission_status && <CommissionStatusTag status={u.commission_status} />,
    },
    { title: t('members.ui.downline'), dataIndex: 'downline_count' },
    {
      title: t('members.ui.balance'),
      key: 'balance',
      sorter: true,
      render: (_, u) => <MoneyText value={u.balance} />,
    },
    {
      title: t('members.ui.frozen'),
      key: 'frozen',
      render: (_, u) => <MoneyText value={u.frozen_balance} />,
    },
    { title: t('members.ui.upline'), key: 'parent', render: (_, u) => <UserName user={u.parent_user} /> },
    {
      title: t('members.ui.createdAt'),
      key: 'created_at',
      sorter: true,
      render: (_, u) => formatDateTime(u.created_at),
    },
    {
      title: t('members.ui.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, u) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(u)}>
            {t('members.ui.editAction')}
          </Button>
          <ConfirmButton
            type="link"
            size="small"
            danger
            confirm={t('members.ui.confirmDelete', { name: u.name })}
            onConfirm={() => remove.mutateAsync(u.id)}
          >
            {t('members.ui.delete')}
          </ConfirmButton>
          {mayResetTwoFactor && (
            <ConfirmButton
              type="link"
              size="small"
              confirm={t('security.resetConfirm')}
              onConfirm={() => resetTwoFactor.mutateAsync(u.id)}
            >
              {t('security.reset')}
            </ConfirmButton>
          )}
        </Space>
      ),
    },
  ];

  const shown = useShownColumns('members', columns);
  return (
    <Card>
      <ListViews list="members" columns={columns} />
      <FilterBar<MemberFilters>
        filters={filters}
        onChange={setFilters}
        toValues={toValues}
        toFilters={toFilters}
        liveFields={['level_id', 'status', 'commission_status']}
        style={{ marginBottom: 16 }}
      >
        <SearchField
          name="keyword"
          placeholder={t('members.ui.keyword')}
          enterButton={t('members.ui.search')}
          width={360}
        />
        <Form.Item name="level_id">
          <Select<number>
            style={{ width: 180 }}
            aria-label={t('members.ui.level')}
            options={[
              { value: 0, label: t('members.ui.allLevels') },
              ...(levels.data ?? []).map((l) => ({ value: l.id, label: l.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select<number>
            style={{ width: 140 }}
            aria-label={t('members.ui.status')}
            options={[
              { value: 0, label: t('members.ui.allStatuses') },
              { value: 1, label: t('members.ui.enabled') },
              { value: 2, label: t('members.ui.disabled') },
            ]}
          />
        </Form.Item>
        <Form.Item name="commission_status">
          <Select<string>
            style={{ width: 200 }}
            aria-label={t('commission.ui.status')}
            options={[
              { value: '', label: t('commission.ui.allStatuses') },
              ...COMMISSION_STATUSES.map((s) => ({ value: s, label: t(`commission.ui.status.${s}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button onClick={() => exportJob.run(() => exportMembers(filters)).catch(() => {})}>
              {t('platform.export')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('members.ui.add')}
            </Button>
          </Space>
        </Form.Item>
      </FilterBar>
      <MemberBulkBar ids={selected} onDone={() => setSelected([])} />
      <Table<UserListItem>
        rowKey="id"
        {...tableProps}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={shown}
      />
      {editing !== undefined && <UserFormModal user={editing} onClose={() => setEditing(undefined)} />}
      <StartedJobProgress job={exportJob} />
    </Card>
  );
}
