import { PlusOutlined } from '@ant-design/icons';
import type { UserListItem } from '@app/contracts';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { USERS_LIST_URL, useLevels, useMemberChange } from './members.api';
import { UserFormModal } from './UserFormModal';

/** /user: the member list (admins) with search, level and status filters, sorting, and create/edit/delete. */
export default function UserListPage() {
  const { t } = useTranslation();
  const levels = useLevels();
  const change = useMemberChange();
  const [filters, setFilters] = useState<{ keyword?: string; level_id?: number; status?: number }>({});
  const { tableProps } = usePagedList<UserListItem>(USERS_LIST_URL, filters);
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
      render: (_, u) => dayjs(u.created_at).format('YYYY-MM-DD HH:mm'),
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
            onConfirm={() => change('DELETE', `/api/users/${u.id}`)}
          >
            {t('members.ui.delete')}
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('members.ui.keyword')}
          enterButton={t('members.ui.search')}
          onSearch={(keyword) => setFilters((f) => ({ ...f, keyword: keyword.trim() || undefined }))}
          style={{ width: 360 }}
        />
        <Select<number>
          value={filters.level_id ?? 0}
          style={{ width: 180 }}
          aria-label={t('members.ui.level')}
          options={[
            { value: 0, label: t('members.ui.allLevels') },
            ...(levels.data ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
          onChange={(level) => setFilters((f) => ({ ...f, level_id: level || undefined }))}
        />
        <Select<number>
          value={filters.status ?? 0}
          style={{ width: 140 }}
          aria-label={t('members.ui.status')}
          options={[
            { value: 0, label: t('members.ui.allStatuses') },
            { value: 1, label: t('members.ui.enabled') },
            { value: 2, label: t('members.ui.disabled') },
          ]}
          onChange={(status) => setFilters((f) => ({ ...f, status: status || undefined }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('members.ui.add')}
        </Button>
      </Space>
      <Table<UserListItem> rowKey="id" {...tableProps} columns={columns} scroll={{ x: 'max-content' }} />
      {editing !== undefined && <UserFormModal user={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
