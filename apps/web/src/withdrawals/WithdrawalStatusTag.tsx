import type { WithdrawalStatus } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const WITHDRAWAL_COLORS: Record<WithdrawalStatus, string> = {
  1: 'processing',
  2: 'error',
  3: 'default',
  4: 'warning',
  5: 'error',
  6: 'success',
};

/** A withdrawal's status, coloured (the member's wallet page and the administrators' list). */
export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return <Tag color={WITHDRAWAL_COLORS[status]}>{t(`walletUi.withdraw.${status}`)}</Tag>;
}
