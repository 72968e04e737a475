import { Perm, type PrivateUserField, ResultCode, type UserDetail } from '@app/contracts';
import { Card, Descriptions, Result, Space, Spin, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CommissionStatusCard } from '../members/CommissionStatusCard';
import { useCpInfo, useUserDetail } from '../members/members.api';
import { useAdminCan } from '../members/permissions';
import { EditMemberButton } from '../members/UserFormModal';
import { useCurrentUser } from '../platform/current-user';
import { formatDateTime } from '../platform/format';
import { ApiError } from '../platform/http';
import { MoneyText } from '../platform/ui/MoneyText';
import { UserName } from '../platform/ui/UserName';
import { CredLogs } from './CredLogs';
import { DownlineTree } from './DownlineTree';
import { MemberOrders } from './MemberOrders';
import { ReportNumbers } from './ReportNumbers';
import { WalletAccordion } from './WalletAccordion';

function MemberInfo({ d, onLeave }: { d: UserDetail; onLeave?: () => void }) {
  const { t } = useTranslation();
  const canEdit = useAdminCan(Perm.userList);
  const canReport = useAdminCan(Perm.userReport);
  const canReadStatement = canEdit || canReport;
  const yesNo = (v: boolean) => t(v ? 'members.ui.yes' : 'members.ui.no');
  // A member reading someone in their downline gets no private fields (PRIVATE_USER_FIELDS): no empty rows for them.
  const shows = (field: PrivateUserField) => field in d;
  return (
    <Card
      size="small"
      title={t('members.ui.section.info')}
      extra={
        !d.is_admin && (
          <Space wrap size={4}>
            {canReadStatement && (
              <Link to={`/user/statement/${d.id}`} onClick={onLeave}>
                {t('statementUi.open')}
              </Link>
            )}
            {canEdit && <EditMemberButton user={d} />}
          </Space>
        )
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('members.ui.name')}>{d.name}</Descriptions.Item>
        <Descriptions.Item label={t('members.ui.displayName')}>{d.display_name ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('members.ui.userNo')}>{d.user_no}</Descriptions.Item>
        {shows('email') && (
          <Descriptions.Item label={t('members.ui.email')}>{d.email ?? '-'}</Descriptions.Item>
        )}
        {shows('phone') && (
          <Descriptions.Item label={t('members.ui.phone')}>{d.phone ?? '-'}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('members.ui.level')}>{d.level?.name}</Descriptions.Item>
        <Descriptions.Item label={t('members.ui.status')}>
          {t(d.status === 1 ? 'members.ui.enabled' : 'members.ui.disabled')}
        </Descriptions.Item>
        <Descriptions.Item label={t('members.ui.upline')}>
          <UserName user={d.parent_user} />
        </Descriptions.Item>
        <Descriptions.Item label={t('members.ui.treeLevel')}>{d.tree_level}</Descriptions.Item>
        <Descriptions.Item label={t('members.ui.directCount')}>{d.direct_count}</Descriptions.Item>
        <Descriptions.Item label={t('members.ui.downline')}>{d.downline_count}</Descriptions.Item>
        {shows('platform_id') && (
          <Descriptions.Item label={t('members.ui.platformId')}>{d.platform_id ?? '-'}</Descriptions.Item>
        )}
        {shows('identity') && (
          <Descriptions.Item label={t('members.ui.identity')}>{d.identity ?? '-'}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('members.ui.isWec')}>{yesNo(d.is_wec)}</Descriptions.Item>
        <Descriptions.Item label={t('members.ui.createdAt')}>
          {formatDateTime(d.created_at)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Upstream({ d }: { d: UserDetail }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('members.ui.section.upstream')}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.upstream_users ?? []}
        columns={[
          { title: t('members.ui.treeLevel'), dataIndex: 'tree_level' },
          { title: t('members.ui.name'), key: 'name', render: (_, u) => <UserName user={u} /> },
          { title: t('members.ui.userNo'), dataIndex: 'user_no' },
          { title: t('members.ui.level'), key: 'level', render: (_, u) => u.level?.name },
        ]}
      />
    </Card>
  );
}

/** Qualified CP figures of the programmes domain (GET /api/members/wecCpInfo/{id}). */
function CpFigures({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const info = useCpInfo(userId);
  return (
    <Descriptions size="small" column={1}>
      <Descriptions.Item label={t('members.ui.cp.currentTotal')}>
        {info.data?.currentTotal ?? '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('members.ui.cp.total')}>{info.data?.total ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('members.ui.cp.referralReward')}>
        <MoneyText value={info.data?.referralRewardGim} />
      </Descriptions.Item>
      <Descriptions.Item label={t('members.ui.cp.profit')}>
        <MoneyText value={info.data?.cpProfit} />
      </Descriptions.Item>
    </Descriptions>
  );
}

function StatusCards({ d, canSeeMoney }: { d: UserDetail; canSeeMoney: boolean }) {
  const { t } = useTranslation();
  return (
    <Space wrap align="start" style={{ width: '100%' }}>
      <Card size="small" title={t('members.ui.section.iblommer')} style={{ minWidth: 320 }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('members.ui.iblommerUpline')}>
            {d.iblommer_parent_user ? (
              <UserName user={d.iblommer_parent_user} />
            ) : (
              t(d.iblommer_downline_count ? 'members.ui.iblommerTop' : 'members.ui.notIblommer')
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('members.ui.iblommerJoinedAt')}>
            {formatDateTime(d.iblommer_user?.created_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('members.ui.iblommerDownline')}>
            {d.iblommer_downline_count ?? 0}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('members.ui.section.cp')} style={{ minWidth: 280 }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('members.ui.isCp')}>
            {d.is_cp ? <Tag color="gold">{t('members.ui.yes')}</Tag> : t('members.ui.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('members.ui.cpSince')}>
            {formatDateTime(d.cp_joined_at)}
          </Descriptions.Item>
        </Descriptions>
        {d.is_cp && canSeeMoney && <CpFigures userId={d.id} />}
      </Card>
      <Card size="small" title={t('members.ui.section.levelHistory')} style={{ minWidth: 360 }}>
        <Table
          rowKey={(h) => `${h.created_at}-${h.pivot.level_id}`}
          size="small"
          pagination={false}
          dataSource={d.level_history ?? []}
          columns={[
            { title: t('members.ui.level'), dataIndex: 'name' },
            { title: t('members.ui.remark'), dataIndex: 'remark' },
            { title: t('members.ui.time'), key: 'at', render: (_, h) => formatDateTime(h.created_at) },
          ]}
        />
      </Card>
    </Space>
  );
}

/** What shows instead of the detail when it could not be read (the refusal was toasted already). */
function Unreadable({ error, back }: { error: unknown; back?: ReactNode }) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && error.code === ResultCode.NOT_FOUND;
  return (
    <Result
      status={missing ? '404' : 'warning'}
      title={missing ? t('members.ui.notFound') : (error as Error).message}
      extra={back}
    />
  );
}

/**
 * Every section of the user detail (docs/product/members.md); money (wallet, CP figures), AI report numbers and credit
 * logs only for admins and the member themselves. Admins whose role allows it also edit the member and see the member's orders. `back` (a page's way
 * back) shows when the member could not be read.
 */
/** `onLeave`: called when a link leaves for another page (the dialog showing this closes). */
export function UserDetailView({
  userId,
  back,
  onLeave,
}: {
  userId: number;
  back?: ReactNode;
  onLeave?: () => void;
}) {
  const detail = useUserDetail(userId);
  const { user } = useCurrentUser();
  const canSeeOrders = useAdminCan(Perm.orders);
  const d = detail.data;
  if (detail.isError) return <Unreadable error={detail.error} back={back} />;
  if (!d) return <Spin />;
  const canSeeMoney = user?.is_admin === true || user?.id === d.id;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <MemberInfo d={d} onLeave={onLeave} />
      <CommissionStatusCard d={d} />
      <Upstream d={d} />
      <StatusCards d={d} canSeeMoney={canSeeMoney} />
      {canSeeMoney && <ReportNumbers userId={d.id} packages={d.packages ?? []} />}
      {canSeeMoney && <CredLogs userId={d.id} />}
      {canSeeOrders && <MemberOrders userId={d.id} />}
      <DownlineTree userId={d.id} />
      {canSeeMoney && <WalletAccordion detail={d} />}
    </Space>
  );
}
