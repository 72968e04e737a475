import type { JobStarted, SettlementPayoutItem, SettlementResult, SettlementRunDto } from '@app/contracts';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../platform/format';
import { JobProgressModal, StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import {
  exportRunPayouts,
  runPayoutsList,
  settlementsList,
  startSettlement,
  useBonusTypes,
  useSettlementEnded,
} from './bonus.api';
import { ExplainPayoutButton } from './PayoutExplanation';

/**
 * Settlement runs: start one (or a dry run that pays nothing) for a day or a month as a job, followed in the
 * progress dialog; its result once done, and the history with totals.
 */
export function SettlementRunsTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ period: string; type_key: number | null }>();
  const [result, setResult] = useState<SettlementResult | null>(null);
  const [job, setJob] = useState<{ started: JobStarted; source: string } | null>(null);
  const [shown, setShown] = useState<SettlementRunDto | null>(null);
  const types = useBonusTypes();
  const ended = useSettlementEnded();
  const { tableProps } = usePagedList<SettlementRunDto>(settlementsList);
  const nameOf = (key: number) => types.data?.find((x) => x.key === key)?.name ?? `#${key}`;
  const run = async (dryRun: boolean) => {
    const values = await form.validateFields();
    const body = { period: values.period, type_key: values.type_key ?? null };
    const started = await startSettlement(dryRun, body);
    setJob({ started, source: dryRun ? `${body.period} (${t('bonus.run.dryRun')})` : body.period });
  };
  const period = Form.useWatch('period', form);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ period: dayjs().subtract(1, 'month').format('YYYY-MM'), type_key: null }}
      >
        <Form.Item
          name="period"
          label={t('bonus.run.period')}
          rules={[{ required: true, pattern: /^\d{4}-\d{2}(-\d{2})?$/, message: t('validation.date') }]}
        >
          <Input placeholder="2026-10 / 2026-10-31" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="type_key">
          <Select
            style={{ width: 220 }}
            options={[
              { value: null, label: t('bonus.run.allTypes') },
              ...(types.data ?? []).map((x) => ({ value: x.key, label: `${x.key} ${x.name}` })),
            ]}
          />
        </Form.Item>
        <Button onClick={() => run(true).catch(() => undefined)}>{t('bonus.run.preview')}</Button>
        <ConfirmButton
          type="primary"
          confirm={t('bonus.run.confirm', { period })}
          onConfirm={() => run(false)}
        >
          {t('bonus.run.start')}
        </ConfirmButton>
      </Form>
      {job && (
        <JobProgressModal
          key={job.started.job_id}
          mode="settlement"
          started={job.started}
          source={job.source}
          onDone={(done) => {
            setResult(done.result as SettlementResult);
            void ended();
          }}
          // A failed run is in the history too.
          onClose={() => {
            setJob(null);
            void ended();
          }}
        />
      )}
      {result && (
        <Alert
          type={result.run.dry_run ? 'info' : 'success'}
          showIcon
          message={t(result.run.dry_run ? 'bonus.run.previewTitle' : 'bonus.run.paidTitle', {
            count: result.run.payout_count,
            amount: formatMoney(result.run.total_amount),
          })}
          description={<RunPayouts key={result.run.id} run={result.run} typeName={nameOf} />}
        />
      )}
      {shown && (
        <Modal
          open
          width={960}
          footer={null}
          title={t('bonus.run.payoutsTitle', { id: shown.id, period: shown.period })}
          onCancel={() => setShown(null)}
        >
          <RunPayouts run={shown} typeName={nameOf} />
        </Modal>
      )}
      <Table<SettlementRunDto>
        rowKey="id"
        size="small"
        {...tableProps}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('bonus.col.period'), dataIndex: 'period' },
          {
            title: t('bonus.type'),
            key: 'type',
            render: (_, r) => (r.type_key ? nameOf(r.type_key) : t('bonus.run.allTypes')),
          },
          {
            title: '',
            key: 'dry',
            render: (_, r) => (
              <Tag color={r.dry_run ? 'blue' : 'green'}>
                {t(r.dry_run ? 'bonus.run.dryRun' : 'bonus.run.real')}
              </Tag>
            ),
          },
          {
            title: t('bonus.run.status'),
            key: 'status',
            render: (_, r) => (
              <Tag color={r.status === 'failed' ? 'red' : undefined}>{t(`bonus.run.status.${r.status}`)}</Tag>
            ),
          },
          { title: t('bonus.run.count'), dataIndex: 'payout_count', align: 'right' },
          {
            title: t('bonus.total'),
            key: 'total',
            align: 'right',
            render: (_, r) => <MoneyText value={r.total_amount} strong />,
          },
          {
            title: t('bonus.run.totals'),
            key: 'totals',
            render: (_, r) =>
              r.totals.map((x) => `${nameOf(x.type_key)}: ${formatMoney(x.amount)}`).join(' · '),
          },
          { title: t('bonus.run.startedBy'), key: 'by', render: (_, r) => r.started_by?.name ?? '-' },
          {
            title: '',
            key: 'payouts',
            render: (_, r) =>
              r.list_cleared_at ? (
                <Tooltip title={t('bonus.run.listClearedHint')}>
                  <Typography.Text type="secondary">
                    {t('bonus.run.listCleared', { date: formatDateTime(r.list_cleared_at) })}
                  </Typography.Text>
                </Tooltip>
              ) : (
                r.payout_count > 0 && (
                  <Button size="small" onClick={() => setShown(r)}>
                    {t('bonus.run.showPayouts')}
                  </Button>
                )
              ),
          },
          {
            title: t('bonus.run.createdAt'),
            key: 'at',
            render: (_, r) => formatDateTime(r.created_at),
          },
        ]}
      />
    </Space>
  );
}

/**
 * Every payout of a run (what a dry run would pay, or what a real run paid), paged from the server, and the
 * export of all of them as a spreadsheet job.
 */
function RunPayouts({ run, typeName }: { run: SettlementRunDto; typeName: (key: number) => string }) {
  const { t } = useTranslation();
  const { tableProps } = usePagedList<SettlementPayoutItem>(runPayoutsList(run.id), {}, { pageSize: 10 });
  const exportJob = useStartedJob();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => exportJob.run(() => exportRunPayouts(run.id)).catch(() => undefined)}>
        {t('bonus.run.export')}
      </Button>
      <Table<SettlementPayoutItem>
        rowKey="id"
        size="small"
        {...tableProps}
        columns={[
          { title: t('bonus.run.user'), key: 'user', render: (_, r) => <UserName user={r.user} /> },
          { title: t('bonus.type'), key: 'type', render: (_, r) => typeName(r.type_key) },
          { title: t('bonus.col.period'), dataIndex: 'period' },
          { title: t('bonus.col.orderNo'), dataIndex: 'order_no' },
          { title: t('bonus.col.salesPoint'), dataIndex: 'sales_point', align: 'right' },
          {
            title: t('bonus.col.amount'),
            key: 'amount',
            align: 'right',
            render: (_, r) => <MoneyText value={r.amount} />,
          },
          {
            title: '',
            key: 'explain',
            render: (_, r) => <ExplainPayoutButton target={{ source: 'run', runId: run.id, id: r.id }} />,
          },
        ]}
      />
      <StartedJobProgress job={exportJob} />
    </Space>
  );
}
