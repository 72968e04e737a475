import { DownloadOutlined } from '@ant-design/icons';
import type { UserReportRow } from '@app/contracts';
import { Button, Card, DatePicker, Radio, Space, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../platform/business-days';
import { useBusinessTimeZone } from '../platform/current-user';
import { BusinessDaysHint } from '../platform/ui/BusinessDaysHint';
import { exportUserReport, type ReportParams, useUserReport } from './members.api';

type Period = ReportParams['period'];

/**
 * /user/report: new members per day or month (of the business time zone) and level in a date range, exportable
 * as .xlsx. It opens on the last 30 business days.
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
