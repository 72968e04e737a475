import type { WorkplaceFigure } from '@app/contracts';
import { Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferralCard } from '../me/ReferralCard';
import { useCurrentUser } from '../platform/current-user';
import { formatMoney } from '../platform/format';
import { BusinessDaysHint } from '../platform/ui/BusinessDaysHint';
import { ProgressCard } from '../programmes/ProgressCard';
import { useWorkplace } from './dashboard.api';
import { RecentBonuses } from './RecentBonuses';

// The charts (and echarts with them) load with the dashboard that shows them.
const ActivityCharts = lazy(() => import('./ActivityCharts'));
const MemberCharts = lazy(() => import('./MemberCharts'));

const shown = (figure: WorkplaceFigure) =>
  figure.format === 'money' ? formatMoney(figure.value) : figure.value;

/** /dashboard/workplace: the signed-in user's figures (and a member's recent bonuses) from GET /api/dashboard/workplace. */
export default function WorkplacePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { data } = useWorkplace();
  return (
    <>
      <Typography.Title level={4}>
        {t('dashboard.welcome', { name: user?.display_name || user?.name })}
      </Typography.Title>
      {/* "This month" is the business time zone's month. */}
      <BusinessDaysHint />
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {data.figures.map((figure) => (
              <Col key={figure.key} xs={24} sm={12} lg={6}>
                <Card>
                  <Statistic title={t(`dashboard.figure.${figure.key}`)} value={shown(figure)} />
                </Card>
              </Col>
            ))}
          </Row>
          {data.members_per_level && (
            <Card title={t('dashboard.membersPerLevel')} style={{ marginTop: 16 }}>
              <Table
                rowKey="level_id"
                size="small"
                pagination={false}
                dataSource={data.members_per_level}
                columns={[
                  { key: 'name', dataIndex: 'name', title: t('dashboard.level') },
                  { key: 'count', dataIndex: 'count', title: t('dashboard.count'), align: 'right' },
                ]}
              />
            </Card>
          )}
          {user && !user.is_admin && (
            <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
              <Col xs={24} lg={12}>
                <ProgressCard />
              </Col>
              <Col xs={24} lg={12}>
                <ReferralCard compact />
              </Col>
            </Row>
          )}
          {user?.is_admin && (
            <Suspense fallback={<Skeleton active />}>
              <ActivityCharts />
            </Suspense>
          )}
          {user && !user.is_admin && (
            <Suspense fallback={<Skeleton active />}>
              <MemberCharts />
            </Suspense>
          )}
          {data.recent_bonuses && <RecentBonuses bonuses={data.recent_bonuses} />}
        </>
      )}
    </>
  );
}
