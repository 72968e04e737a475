import { DownloadOutlined } from '@ant-design/icons';
import type { IncomeDisclosureRow } from '@app/contracts';
import { Alert, Button, Card, DatePicker, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../../platform/business-days';
import { useBusinessTimeZone } from '../../platform/current-user';
import { formatCount } from '../../platform/format';
import { ApiError } from '../../platform/http';
import { MoneyText } from '../../platform/ui/MoneyText';
import { exportIncomeDisclosure, useIncomeDisclosure } from '../bonus.api';

/**
 * /user/income-disclosure (member report permission): members' earnings of a year of the business time zone per
 * level at the year's end and overall, with mean, median and percentiles (docs/product/bonus-reports.md); exportable.
 */
export default function IncomeDisclosurePage() {
  const { t } = useTranslation();
  const today = businessToday(useBusinessTimeZone());
  const [year, setYear] = useState(() => String(today.year() - 1));
  const report = useIncomeDisclosure(year);
  const [exporting, setExporting] = useState(false);
  const d = report.data;
  const failed = report.error instanceof ApiError ? report.error.message : null;
  const money = (key: keyof IncomeDisclosureRow) => ({
    title: t(`disclosure.${key === 'median' ? 'median' : key === 'mean_of_earners' ? 'meanOfEarners' : key}`),
    key,
    align: 'right' as const,
    render: (r: IncomeDisclosureRow) => <MoneyText value={String(r[key])} />,
  });
  const columns: ColumnsType<IncomeDisclosureRow> = [
    {
      title: t('disclosure.level'),
      key: 'level',
      fixed: 'left',
      render: (r) => (r.level_id === null ? <strong>{t('disclosure.allMembers')}</strong> : r.level_name),
    },
    { title: t('disclosure.members'), key: 'members', align: 'right', render: (r) => formatCount(r.members) },
    { title: t('disclosure.earners'), key: 'earners', align: 'right', render: (r) => formatCount(r.earners) },
    { title: t('disclosure.earnersShare'), key: 'share', align: 'right', render: (r) => r.earners_share },
    money('total'),
    money('mean'),
    money('mean_of_earners'),
    money('p10'),
    money('p25'),
    money('median'),
    money('p75'),
    money('p90'),
    money('p99'),
    money('max'),
    {
      title: t('disclosure.heldMembers'),
      key: 'hm',
      align: 'right',
      render: (r) => formatCount(r.held_members),
    },
    money('held'),
  ];
  return (
    <Card title={t('disclosure.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          picker="year"
          aria-label={t('disclosure.year')}
          allowClear={false}
          value={dayjs(`${year}-01-01`)}
          disabledDate={(v) => v.isAfter(today, 'year')}
          onChange={(v) => v && setYear(String(v.year()))}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!d}
          onClick={() => {
            setExporting(true);
            exportIncomeDisclosure(year)
              .catch(() => undefined)
              .finally(() => setExporting(false));
          }}
        >
          {t('disclosureUi.export')}
        </Button>
      </Space>
      {failed && <Alert type="error" showIcon title={failed} style={{ marginBottom: 12 }} />}
      {d?.partial && (
        <Alert type="info" showIcon title={t('disclosure.partial')} style={{ marginBottom: 12 }} />
      )}
      <Table<IncomeDisclosureRow>
        size="small"
        rowKey={(r) => String(r.level_id ?? 'all')}
        loading={report.isFetching}
        dataSource={d ? [...d.rows, d.overall] : []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('disclosureUi.howComputed')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('disclosure.basis')}</Typography.Paragraph>
      {d && (
        <Typography.Paragraph type="secondary">
          {t('statement.timeZone')}: {d.time_zone}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
