import type { CpBonusRow, CpListItem } from '@app/contracts';
import { Button, Card, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickMemberAnd } from '../members/PickMemberAnd';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDate } from '../platform/format';
import { BusinessDaysHintItem } from '../platform/ui/BusinessDaysHint';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { MoneyText } from '../platform/ui/MoneyText';
import { PagedTable, usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import {
  type CpFilters,
  cpBonusesList,
  cpFilters,
  cpList,
  exportCps,
  useAddCp,
  useRemoveCp,
} from './programmes.api';

function CpBonuses({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <PagedTable<CpBonusRow>
      list={cpBonusesList(userId)}
      rowKey="id"
      size="small"
      columns={[
        { title: t('bonus.type'), dataIndex: 'type_name' },
        { title: t('programmes.cp.receiver'), key: 'user', render: (_, r) => <UserName user={r.user} /> },
        { title: t('bonus.col.orderNo'), dataIndex: 'order_no' },
        { title: t('bonus.col.salesPoint'), dataIndex: 'sales_point', align: 'right' },
        {
          title: t('bonus.col.amount'),
          key: 'amount',
          align: 'right',
          render: (_, r) => <MoneyText value={r.amount} />,
        },
        { title: t('bonus.col.period'), dataIndex: 'period' },
      ]}
    />
  );
}

/** /cp/cp: Qualified CPs with their channel figures; add, remove, export. */
export default function CpPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(cpFilters);
  const [open, setOpen] = useState<CpListItem | null>(null);
  const { tableProps } = usePagedList<CpListItem>(cpList, filters);
  const add = useAddCp();
  const remove = useRemoveCp();
  const columns: ColumnsType<CpListItem> = [
    { title: t('programmes.memberNo'), key: 'no', render: (_, c) => c.user.user_no },
    { title: t('programmes.member'), key: 'name', render: (_, c) => <UserName user={c.user} /> },
    { title: t('programmes.cp.currentTotal'), dataIndex: 'currentTotal', align: 'right' },
    { title: t('programmes.cp.total'), dataIndex: 'total', align: 'right' },
    {
      title: t('programmes.cp.referralRewardGim'),
      key: 'rr',
      align: 'right',
      render: (_, c) => <MoneyText value={c.referralRewardGim} />,
    },
    {
      title: t('programmes.cp.cpProfit'),
      key: 'profit',
      align: 'right',
      render: (_, c) => <MoneyText value={c.cpProfit} />,
    },
    {
      title: t('programmes.cp.since'),
      key: 'since',
      render: (_, c) => formatDate(c.created_at),
    },
    {
      title: t('programmes.actions'),
      key: 'actions',
      render: (_, c) => (
        <Space>
          <Button size="small" onClick={() => setOpen(c)}>
            {t('programmes.cp.bonuses')}
          </Button>
          <ConfirmButton size="small" danger onConfirm={() => remove.mutateAsync(c.user.id)}>
            {t('programmes.remove')}
          </ConfirmButton>
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <FilterBar<CpFilters>
          filters={filters}
          onChange={setFilters}
          extra={
            <Space wrap>
              <Button onClick={() => exportCps(filters)}>{t('programmes.export')}</Button>
              <PickMemberAnd primary action={t('programmes.cp.add')} onAct={(id) => add.mutateAsync(id)} />
            </Space>
          }
        >
          <SearchField name="keyword" placeholder={t('programmes.keyword')} width={240} />
          {/* The current month's SP is of the business time zone's month. */}
          <BusinessDaysHintItem />
        </FilterBar>
        <Table<CpListItem> rowKey={(c) => c.user.id} columns={columns} {...tableProps} />
      </Space>
      {open && (
        <Modal
          open
          width={900}
          footer={null}
          title={`${t('programmes.cp.bonuses')}: ${open.user.name}`}
          onCancel={() => setOpen(null)}
        >
          <CpBonuses userId={open.user.id} />
        </Modal>
      )}
    </Card>
  );
}
