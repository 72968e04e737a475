import {
  type JobStarted,
  type SettlementPayoutItem,
  type SettlementResult,
  type SettlementRunDto,
  startSettlementBody,
} from '@app/contracts';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDateTime, formatMoney } from '../platform/format';
import { JobProgressModal, StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { BusinessDaysHintItem } from '../platform/ui/BusinessDaysHint';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { zodRules } from '../platform/ui/zod-rules';
import {
  exportRunPayouts,
  runPayoutsList,
  settlementRunFilters,
  useBonusTypes,
  useSettlementEnded,
  useStartSettlement,
} from './bonus.api';
import { ExplainPayoutButton } from './PayoutExplanation';
import { RunStatusFilter, SettlementRunsTable, useTypeName } from './SettlementRunsTable';
import { reviewPath } from './settlement-ui';

/**
 * Settlement runs: start one (or a dry run that pays nothing) for a day or a month as a job, followed in the
 * progress dialog. A real run computes into awaiting approval (another administrator approves or rejects it on its
 * review page); its result once computed, and the history with its states, filtered by state.
 */
export function SettlementRunsTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ period: string; type_key: number | null }>();
  const [result, setResult] = useState<SettlementResult | null>(null);
  const [job, setJob] = useState<{ started: JobStarted; source: string } | null>(null);
  const [shown, setShown] = useState<SettlementRunDto | null>(null);
  const types = useBonusTypes();
  const typeName = useTypeName();
  const ended = useSettlementEnded();
  const start = useStartSettlement();
  const { filters, setFilters } = useUrlFilters(settlementRunFilters);
  const run = async (dryRun: boolean) => {
    const values = await form.validateFields();
    const body = { period: values.period, type_key: values.type_key ?? null, dry_run: dryRun };
    const started = await start.mutateAsync(body);
    setJob({ started, source: dryRun ? `${body.period} (${t('bonus.run.dryRun')})` : body.period });
  };
  const period = Form.useWatch('period', form);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 12 }}
        initialValues={{ period: dayjs().subtract(1, 'month').format('YYYY-MM'), type_key: null }}
      >
        <Form.Item
          name="period"
          label={t('bonus.run.period')}
          rules={zodRules(startSettlementBody, 'period')}
        >
          <Input placeholder="2026-10 / 2026-10-31" style={{ width: 180 }} />
        </Form.Item>
        <BusinessDaysHintItem />
        <Form.Item name="type_key">
          <Select
            style={{ width: 220 }}
            options={[
              { value: null, label: t('bonus.run.allTypes') },
              ...(types.data ?? []).map((x) => ({ value: x.key, label: `${x.key} ${x.name}` })),
            ]}
          />
        </Form.Item>
        <Space wrap>
          <Button onClick={() => run(true).catch(() => undefined)}>{t('bonus.run.preview')}</Button>
          <ConfirmButton
            type="primary"
            confirm={<div style={{ maxWidth: 320 }}>{t('bonus.run.confirm', { period })}</div>}
            onConfirm={() => run(false)}
          >
            {t('bonus.run.start')}
          </ConfirmButton>
        </Space>
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
          type={result.run.dry_run ? 'info' : 'warning'}
          showIcon
          message={
            <Space wrap>
              {t(result.run.dry_run ? 'bonus.run.previewTitle' : 'bonus.run.awaitingTitle', {
                count: result.run.payout_count,
                amount: formatMoney(result.run.total_amount),
              })}
              <Link to={reviewPath(result.run.id)}>{t('settlement.ui.review')}</Link>
            </Space>
          }
          description={<RunPayouts key={result.run.id} run={result.run} typeName={typeName} />}
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
          <RunPayouts run={shown} typeName={typeName} />
        </Modal>
      )}
      <RunStatusFilter filters={filters} onChange={setFilters} />
      <SettlementRunsTable
        filters={filters}
        extra={[
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
