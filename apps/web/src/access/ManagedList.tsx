import { PlusOutlined } from '@ant-design/icons';
import type { AuditEntity, Status } from '@app/contracts';
import { Button, Card, Form, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { usePagedList } from '../platform/ui/PagedTable';
import { AccessNav, type AccessPath } from './AccessNav';
import { AuditDrawer } from './AuditDrawer';
import {
  type ManagedFilters,
  type ManagedKind,
  managedFilters,
  managedList,
  useEntityActions,
} from './access.api';

type Values = Record<string, unknown>;

/** The status picker shows "all" (0) for no filter. */
const toValues = (filters: ManagedFilters): Values => ({ ...filters, status: filters.status ?? 0 });
const toFilters = ({ status, ...values }: Values): ManagedFilters => ({
  ...values,
  status: (status as ManagedFilters['status']) || undefined,
});

interface Row {
  id: number;
  name: string;
  status: Status;
}

interface ManagedListProps<T extends Row> {
  page: AccessPath;
  kind: ManagedKind;
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
  kind,
  entity,
  addLabelKey,
  columns,
  locked,
  renderForm,
}: ManagedListProps<T>) {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(managedFilters);
  const { tableProps } = usePagedList<T>(managedList(kind), filters);
  const actions = useEntityActions(kind);
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
      <FilterBar<ManagedFilters>
        filters={filters}
        onChange={setFilters}
        toValues={toValues}
        toFilters={toFilters}
        liveFields={['status']}
        style={{ marginBottom: 16 }}
      >
        <SearchField
          name="keyword"
          placeholder={t('access.ui.keyword')}
          enterButton={t('access.ui.search')}
          width={320}
        />
        <Form.Item name="status">
          <Select<Status | 0>
            style={{ width: 150 }}
            aria-label={t('access.ui.status')}
            options={[
              { value: 0, label: t('access.ui.allStatuses') },
              { value: 1, label: t('access.ui.enabled') },
              { value: 2, label: t('access.ui.disabled') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t(addLabelKey)}
          </Button>
        </Form.Item>
      </FilterBar>
      <Table<T> rowKey="id" {...tableProps} columns={[...columns, statusColumn, actionColumn]} />
      {editing !== undefined &&
        renderForm(
          editing,
          (values) => actions.save(editing?.id ?? null, values),
          () => setEditing(undefined),
        )}
    </Card>
  );
}
