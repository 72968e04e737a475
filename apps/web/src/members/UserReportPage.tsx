import { DownloadOutlined } from '@ant-design/icons';
import type { UserReport, UserReportRow } from '@app/contracts';
import { Button, Card, DatePicker, Radio, Row, Space, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../platform/business-days';
import { useBusinessTimeZone } from '../platform/current-user';
import { formatCount } from '../platform/format';
import { BusinessDaysHint } from '../platform/ui/BusinessDaysHint';
import { Chart, ChartCard, salesSeries } from '../platform/ui/chart/ChartCard';
import { exportUserReport, type ReportParams, useUserReport } from './members.api';

type Period = ReportParams['period'];

/**
 * The report's charts (docs/product/members.md, "Member report"): new members per period stacked by level (the
 * report's rows), and the done sales and SP of each period (its `activity`, from the activity rollup).
 */
function ReportCharts({ query }: { query: { data: UserReport | undefined; isLoading: boolean } }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <ChartCard testId="report-members" title={t('members.ui.report.newMembersChart')} query={query}>
        {({ levels, rows }) => (
          <Chart
            title={t('members.ui.report.newMembersChart')}
            categories={rows.map((r) => r.period)}
            series={levels.map((level) => ({
              name: level.name,
              kind: 'bar',
              stack: 'levels',
              values: rows.map((r) => r.by_level[level.id] ?? 0),
              format: formatCount,
              whole: true,
            }))}
          />
        )}
      </ChartCard>
      <ChartCard testId="report-sales" title={t('members.ui.report.salesChart')} query={query}>
        {({ activity }) => (
          <Chart
            title={t('members.ui.report.salesChart')}
            categories={activity.map((p) => p.period)}
            series={salesSeries(activity, {
              sales: t('members.ui.report.sales'),
              sp: t('members.ui.report.sp'),
            })}
          />
        )}
      </ChartCard>
    </Row>
  );
}

/**
 * /user/report: new members per day or month (of the business time zone) and level in a date range, exportable
 * as .xlsx, with charts of the new members and of the done sales and SP per period. It opens on the last 30
 * business days.
 */
export default function UserReportPage() {
  const { t } = useTranslation();
  const today = businessToday(useBusinessTimeZone());
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [today.subtract(29, 'day'), today]);
  const [period, setPeriod] = useState<Period>('day');
  const params = { start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD'), period };
  const report = useUserReport(params);
  const data = report.data;
  const columns = [
    { title: t('members.ui.report.period'), dataIndex: 'period', key: 'period' },
    ...(data?.levels ?? []).map((level) => ({
      title: level.name,
      key: `level-${level.id}`,
      render: (_: unknown, row: UserReportRow) => row.by_level[level.id] ?? 0,
    })),
    { title: t('members.ui.report.total'), dataIndex: 'total', key: 'total' },
  ];
  return (
    <Card title={t('members.ui.report.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('members.ui.report.range')}
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Radio.Group
          optionType="button"
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          options={[
            { value: 'day', label: t('members.ui.report.day') },
            { value: 'month', label: t('members.ui.report.month') },
          ]}
        />
        <Button icon={<DownloadOutlined />} onClick={() => exportUserReport(params)}>
          {t('members.ui.report.export')}
        </Button>
        <BusinessDaysHint />
      </Space>
      <Space size="large" wrap style={{ marginBottom: 16 }}>
        <Statistic title={t('members.ui.report.newMembers')} value={data?.totals.total ?? 0} />
        <Statistic title={t('members.ui.report.allMembers')} value={data?.members.total ?? 0} />
        {data?.levels.map((level) => (
          <Statistic key={level.id} title={level.name} value={data.members.by_level[level.id] ?? 0} />
        ))}
      </Space>
      <ReportCharts query={report} />
      <Table<UserReportRow>
        rowKey="period"
        size="small"
        loading={report.isFetching}
        dataSource={data?.rows ?? []}
        columns={columns}
        pagination={{ pageSize: 31 }}
        summary={() =>
          data && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('members.ui.report.total')}</Table.Summary.Cell>
              {data.levels.map((level, i) => (
                <Table.Summary.Cell key={level.id} index={i + 1}>
                  {data.totals.by_level[level.id] ?? 0}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={data.levels.length + 1}>{data.totals.total}</Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </Card>
  );
}
