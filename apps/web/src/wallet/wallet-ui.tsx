import { explainsPayout, type WalletRecordItem, type WalletRecordState } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExplainPayoutButton, useMayExplainPayouts } from '../bonus';
import { formatDateTime } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';

const STATE_COLORS: Record<WalletRecordState, string> = {
  complete: 'success',
  pending: 'processing',
  returned: 'default',
  paid: 'success',
};

/** A record's amount signed by its action: +12.00 added, -12.00 reduced. */
export function SignedAmount({ record }: { record: Pick<WalletRecordItem, 'action' | 'amount'> }) {
  return <MoneyText value={record.action === 1 ? record.amount : `-${record.amount}`} />;
}

/** The columns every wallet-record table shows; a bonus credit has "Explain" (docs/product/bonus.md). */
export function useRecordColumns() {
  const { t } = useTranslation();
  const mayExplain = useMayExplainPayouts();
  return [
    { title: t('walletUi.recordNo'), dataIndex: 'wallet_record_no', key: 'no' },
    {
      title: t('walletUi.kind'),
      key: 'kind',
      render: (r: WalletRecordItem) => t(`walletUi.kind.${r.kind}`),
    },
    {
      title: t('walletUi.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (r: WalletRecordItem) => <SignedAmount record={r} />,
    },
    {
      title: t('walletUi.status'),
      key: 'status',
      render: (r: WalletRecordItem) => (
        <Tag color={STATE_COLORS[r.state]}>{t(`walletUi.state.${r.state}`)}</Tag>
      ),
    },
    {
      title: t('walletUi.balanceAfter'),
      key: 'after',
      align: 'right' as const,
      render: (r: WalletRecordItem) => <MoneyText value={r.balance_after} />,
    },
    { title: t('walletUi.month'), dataIndex: 'month', key: 'month' },
    { title: t('walletUi.remark'), dataIndex: 'remark', key: 'remark' },
    {
      title: t('walletUi.time'),
      key: 'time',
      render: (r: WalletRecordItem) => formatDateTime(r.created_at),
    },
    {
      title: '',
      key: 'explain',
      render: (r: WalletRecordItem) =>
        mayExplain &&
        explainsPayout(r.kind) && <ExplainPayoutButton target={{ source: 'walletRecord', id: r.id }} />,
    },
  ];
}
