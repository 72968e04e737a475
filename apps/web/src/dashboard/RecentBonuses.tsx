import type { RecentBonus } from '@app/contracts';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';

/** The member's latest bonus credits on the workplace. */
export function RecentBonuses({ bonuses }: { bonuses: RecentBonus[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.recentBonuses')} style={{ marginTop: 16 }}>
      <Table
        rowKey="wallet_record_no"
        size="small"
        pagination={false}
        dataSource={bonuses}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'date',
            title: t('dashboard.bonus.date'),
            render: (b: RecentBonus) => formatDateTime(b.created_at),
          },
          {
            key: 'type',
            title: t('dashboard.bonus.type'),
            render: (b: RecentBonus) => b.bonus_name ?? b.bonus_type ?? '-',
          },
          { key: 'month', dataIndex: 'month', title: t('dashboard.bonus.period') },
          {
            key: 'amount',
            title: t('dashboard.bonus.amount'),
            align: 'right',
            render: (b: RecentBonus) => <MoneyText value={b.amount} />,
          },
        ]}
      />
    </Card>
  );
}
