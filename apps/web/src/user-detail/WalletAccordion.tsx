import type { UserDetail, WalletRecordItem } from '@app/contracts';
import { UI } from '@app/contracts';
import { Collapse, Descriptions, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusReport, WithheldPayouts } from '../bonus';
import { formatDateTime } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';
import { useRecordsPage, useWalletSummary } from '../wallet/wallet.api';
import { ReferredProviders, useCanSeeReferredProviders } from './ReferredProviders';

function Balance({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const wallet = useWalletSummary(userId);
  return (
    <Descriptions size="small" column={2}>
      <Descriptions.Item label={t('members.ui.balance')}>
        <MoneyText value={wallet.data?.total} strong />
      </Descriptions.Item>
      <Descriptions.Item label={t('members.ui.frozen')}>
        <MoneyText value={wallet.data?.freezeTotal} />
      </Descriptions.Item>
    </Descriptions>
  );
}

function Records({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useRecordsPage(userId, page, UI.walletRecordsPageSize);
  return (
    <Table<WalletRecordItem>
      rowKey="id"
      size="small"
      loading={records.isFetching}
      dataSource={records.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize: UI.walletRecordsPageSize,
        total: records.data?.meta.total ?? 0,
        onChange: setPage,
      }}
      columns={[
        { title: t('members.ui.wallet.recordNo'), dataIndex: 'wallet_record_no' },
        {
          title: t('members.ui.wallet.amount'),
          key: 'amount',
          render: (_, r) => <MoneyText value={r.amount} />,
        },
        {
          title: t('members.ui.wallet.action'),
          key: 'action',
          render: (_, r) =>
            r.action === 1 ? (
              <Tag color="green">{t('members.ui.wallet.add')}</Tag>
            ) : (
              <Tag color="red">{t('members.ui.wallet.reduce')}</Tag>
            ),
        },
        {
          title: t('members.ui.status'),
          key: 'status',
          render: (_, r) => t(r.status === 1 ? 'members.ui.wallet.complete' : 'members.ui.wallet.pending'),
        },
        { title: t('members.ui.remark'), dataIndex: 'remark' },
        {
          title: t('members.ui.time'),
          key: 'time',
          render: (_, r) => formatDateTime(r.created_at),
        },
      ]}
    />
  );
}

/** Level changes and report packages of the member in one timeline, newest first. */
function LevelAndPackageLog({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const entries = [
    ...(detail.level_history ?? []).map((h) => ({
      at: h.created_at,
      text: `${t('members.ui.level')}: ${h.name}${h.remark ? ` (${h.remark})` : ''}`,
    })),
    ...(detail.packages ?? []).map((p) => ({
      at: p.created_at,
      text: `${t('members.ui.section.packages')}: ${p.remark}`,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return <Timeline items={entries.map((e) => ({ children: `${formatDateTime(e.at)} ${e.text}` }))} />;
}

/**
 * The wallet accordion of docs/product/members.md (wallet, bonus and provider endpoints). Channel providers
 * are listed for provider managers only, the API's rule for the referrer filter.
 */
export function WalletAccordion({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const showProviders = useCanSeeReferredProviders();
  return (
    <Collapse
      accordion
      defaultActiveKey="balance"
      items={[
        { key: 'balance', label: t('members.ui.wallet.balance'), children: <Balance userId={detail.id} /> },
        { key: 'records', label: t('members.ui.wallet.records'), children: <Records userId={detail.id} /> },
        {
          key: 'bonusDay',
          label: t('members.ui.wallet.bonusDay'),
          children: <BonusReport userId={detail.id} by="day" />,
        },
        {
          key: 'bonusMonth',
          label: t('members.ui.wallet.bonusMonth'),
          children: <BonusReport userId={detail.id} by="month" />,
        },
        {
          key: 'withheld',
          label: t('commission.ui.withheld.title'),
          children: <WithheldPayouts userId={detail.id} always />,
        },
        ...(showProviders
          ? [
              {
                key: 'providers',
                label: t('members.ui.wallet.providers'),
                children: <ReferredProviders userId={detail.id} userNo={detail.user_no} />,
              },
            ]
          : []),
        {
          key: 'levels',
          label: t('members.ui.wallet.levelLog'),
          children: <LevelAndPackageLog detail={detail} />,
        },
      ]}
    />
  );
}
