import { hasPermission, Perm, type SettlementRunDto, type SettlementStatus } from '@app/contracts';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../platform/current-user';
import { formatDateTime } from '../platform/format';

/** The settlement runs' tab of the bonus allocation page (BonusConfigPage). */
export const SETTLEMENT_RUNS_PATH = '/config/index?tab=runs';

/** The review page of settlement run `id` (a DETAIL_ROUTES path of shell/detail-routes.ts). */
export const reviewPath = (id: number) => `/config/settlements/${id}`;

const STATUS_COLORS: Record<SettlementStatus, string | undefined> = {
  awaiting_approval: 'gold',
  running: 'processing',
  done: 'green',
  failed: 'red',
  rejected: 'volcano',
};

/** A run's state as a coloured tag: awaiting approval, running, done, failed, rejected. */
export function RunStatusTag({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`bonus.run.status.${status}`)}</Tag>;
}

/** Who approved or rejected a run, when, and why it was rejected ('-' while nobody decided). */
export function RunDecision({ run }: { run: SettlementRunDto }) {
  const { t } = useTranslation();
  if (run.approved_by)
    return (
      <Typography.Text>
        {t('settlement.ui.approvedBy', { name: run.approved_by.name, at: formatDateTime(run.approved_at) })}
      </Typography.Text>
    );
  if (run.rejected_by)
    return (
      <Space direction="vertical" size={0}>
        <Typography.Text>
          {t('settlement.ui.rejectedBy', { name: run.rejected_by.name, at: formatDateTime(run.rejected_at) })}
        </Typography.Text>
        {run.reject_reason && (
          <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {t('settlement.ui.reason', { reason: run.reject_reason })}
          </Typography.Text>
        )}
      </Space>
    );
  return <>-</>;
}

/**
 * What the signed-in administrator may do with settlement runs: `runs` (start them, Perm.bonusConfig),
 * `approves` (Perm.approveSettlements), `reads` (either: the history, the reviews).
 */
export function useSettlementRoles() {
  const { user } = useCurrentUser();
  const admin = !!user?.is_admin;
  const roles = user?.role_ids ?? [];
  const runs = admin && hasPermission(roles, Perm.bonusConfig);
  const approves = admin && hasPermission(roles, Perm.approveSettlements);
  return { userId: user?.id ?? null, runs, approves, reads: runs || approves };
}
