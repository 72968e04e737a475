import type { RechargeStatus } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const RECHARGE_COLORS: Record<RechargeStatus, string> = { 1: 'processing', 2: 'success', 3: 'error' };

/** A recharge's status, coloured. */
export function RechargeStatusTag({ status }: { status: RechargeStatus }) {
  const { t } = useTranslation();
  return <Tag color={RECHARGE_COLORS[status]}>{t(`walletUi.recharge.${status}`)}</Tag>;
}
