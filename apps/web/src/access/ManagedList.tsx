import { PlusOutlined } from '@ant-design/icons';
import type { AuditEntity, Status } from '@app/contracts';
import { Button, Card, Input, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { usePagedList } from '../platform/ui/PagedTable';
import { AccessNav, type AccessPath } from './AccessNav';
import { AuditDrawer } from './AuditDrawer';
import { useEntityActions } from './entity-actions';

interface Row {
  id: number;
  name: string;
  status: Status;
}

interface ManagedListProps<T extends Row> {
  page: AccessPath;
  url: string;
  /** Whose changes the change log shows. */
  entity: AuditEntity;
  addLabelKey: string;
  columns: ColumnsType<T>;
  /** Rows whose delete button is hidden (built-in entries, the caller's own account). */
  locked?: (row: T) => boolean;
  /** The create (row null) or edit dialog; `save` sends the form and refreshes the list. */
  renderForm: (row: T | null, save: (values: unknown) => Promise<unknown>, close: () => void) => ReactNode;
}

/** The shape the three /permission pages share: keyword and status filters, paged table, status switch, edit and delete. */
export function ManagedList<T extends Row>({
  page,
  url,
  entity,
  addLabelKey,
  columns,
  locked,
  renderForm,
}: ManagedListProps<T>) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ keyword?: string; status?: Status }>({});
  const { tableProps } = usePagedList<T>(url, filters);
  const actions = useEntityActions<T>(url);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);

  const statusColumn: ColumnsType<T>[number] = {
    title: t('access.ui.status'),
    key: 'status',
    width: 110,
    render: (_, row) => (
      <Popconfirm
        title={t(row.status === 1 ? 'access.ui.confirmDisable' : 'access.ui.confirmEnable', {
          name: row.name,
        })}
        okText={t('platform.ok')}
        cancelText={t('platform.cancel')}
        onConfirm={() => actions.setStatus(row.id, row.status === 1 ? 2 : 1).catch(() => undefined)}
      >
        <Switch
          checked={row.status === 1}
          aria-label={`${t('access.ui.status')} ${row.name}`}
          checkedChildren={t('access.ui.enabled')}
          unCheckedChildren={t('access.ui.disabled')}
        />
      </Popconfirm>
    ),
  };
  const actionColumn: ColumnsType<T>[number] = {
    title: t('access.ui.actions'),
    key: 'actions',
    width: 170,
    render: (_, row) => (
      <Space>
        <Button type="link" size="small" onClick={() => setEditing(row)}>
          {t('access.ui.edit')}
        </Button>
        {locked?.(row) ? (
          <Tag>{t('access.ui.builtIn')}</Tag>
        ) : (
          <ConfirmButton
            type="link"
            size="small"
            danger
            confirm={t('access.ui.confirmDelete', { name: row.name })}
            onConfirm={() => actions.remove(row.id)}
          >
            {t('access.ui.delete')}
          </ConfirmButton>
        )}
      </Space>
    ),
  };

  return (
    <Card title={<AccessNav current={page} />} extra={<AuditDrawer entity={entity} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('access.ui.keyword')}
          enterButton={t('access.ui.search')}
          onSearch={(keyword) => setFilters((f) => ({ ...f, keyword: keyword.trim() || undefined }))}
          style={{ width: 320 }}
        />
        <Select<Status | 0>
          value={filters.status ?? 0}
          style={{ width: 150 }}
          aria-label={t('access.ui.status')}
          options={[
            { value: 0, label: t('access.ui.allStatuses') },
            { value: 1, label: t('access.ui.enabled') },
            { value: 2, label: t('access.ui.disabled') },
          ]}
          onChange={(status) => setFilters((f) => ({ ...f, status: status || undefined }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t(addLabelKey)}
        </Button>
      </Space>
      <Table<T>
        rowKey="id"
        {...tableProps}
        columns={[...columns, statusColumn, actionColumn]}
        scroll={{ x: 'max-content' }}
      />
      {editing !== undefined &&
        renderForm(
          editing,
          (values) => actions.save(editing?.id ?? null, values),
          () => setEditing(undefined),
        )}
    </Card>
  );
}
