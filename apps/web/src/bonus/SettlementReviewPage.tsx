import { type JobStarted, rejectSettlementBody, type SettlementReview } from '@app/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Result, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatCount, formatDateTime, formatMoney } from '../platform/format';
import { JobProgressModal } from '../platform/jobs/JobProgressModal';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePhone } from '../platform/ui/phone';
import { ForbiddenPage } from '../platform/ui/StatusPages';
import { zodRules } from '../platform/ui/zod-rules';
import {
  runPayoutFilters,
  useApproveSettlement,
  useRejectSettlement,
  useSettlementEnded,
  useSettlementReview,
} from './bonus.api';
import {
  ByLevelCard,
  ByTypeCard,
  ComparisonCard,
  FlagsCard,
  LargestCard,
  PayoutsCard,
} from './SettlementReviewSections';
import { useTypeName } from './SettlementRunsTable';
import { RunDecision, RunStatusTag, SETTLEMENT_RUNS_PATH, useSettlementRoles } from './settlement-ui';

/**
 * /config/settlements/:id — what a second administrator checks before approving a settlement run: its totals per
 * bonus type and level, receivers, largest payouts, flags, the differences against the latest dry run of the
 * period and the previous period, and every payout (by member and type, exported). Approvers approve it (not its
 * starter, not after the rules changed) or reject it with a reason; its starter may reject it too.
 */
export default function SettlementReviewPage() {
  const { id } = useParams();
  const roles = useSettlementRoles();
  if (!roles.reads) return <ForbiddenPage />;
  return <Review runId={Number(id)} />;
}

function Review({ runId }: { runId: number }) {
  const { t } = useTranslation();
  const review = useSettlementReview(runId);
  const payoutsRef = useRef<HTMLDivElement>(null);
  const { filters, setFilters } = useUrlFilters(runPayoutFilters);
  if (!Number.isInteger(runId) || runId <= 0 || review.error)
    return (
      <Result
        status="warning"
        title={review.error ? (review.error as Error).message : t('bonus.runNotFound')}
        extra={<Link to={SETTLEMENT_RUNS_PATH}>{t('settlement.ui.back')}</Link>}
      />
    );
  if (!review.data) return <Card loading />;
  const data = review.data;
  const showInPayouts = (filter: { member: string; type_key: number }) => {
    setFilters(filter);
    payoutsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="settlement-review">
      <Header review={data} />
      <ByTypeCard review={data} />
      <ByLevelCard review={data} />
      <LargestCard review={data} onShow={showInPayouts} />
      <FlagsCard review={data} />
      <ComparisonCard review={data} />
      <div ref={payoutsRef}>
        <PayoutsCard run={data.run} filters={filters} onFilter={setFilters} />
      </div>
    </Space>
  );
}

/** The run's identity, state and totals, what the viewer may do with it and why not. */
function Header({ review }: { review: SettlementReview }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const typeName = useTypeName();
  const roles = useSettlementRoles();
  const { run } = review;
  const awaiting = run.status === 'awaiting_approval';
  const ownRun = run.started_by !== null && run.started_by.id === roles.userId;
  return (
    <Card
      title={
        <Space wrap>
          {t('settlement.ui.title', { id: run.id })}
          <RunStatusTag status={run.status} />
          <Tag color={run.dry_run ? 'blue' : 'purple'}>
            {t(run.dry_run ? 'bonus.run.dryRun' : 'bonus.run.real')}
          </Tag>
        </Space>
      }
      extra={<Link to={SETTLEMENT_RUNS_PATH}>{t('settlement.ui.back')}</Link>}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, lg: 3 }}
          layout={phone ? 'vertical' : 'horizontal'}
          data-testid="run-summary"
        >
          <Descriptions.Item label={t('bonus.col.period')}>{run.period}</Descriptions.Item>
          <Descriptions.Item label={t('settlement.ui.zone')}>{run.time_zone}</Descriptions.Item>
          <Descriptions.Item label={t('bonus.type')}>
            {run.type_key ? typeName(run.type_key) : t('bonus.run.allTypes')}
          </Descriptions.Item>
          <Descriptions.Item label={t('bonus.run.startedBy')}>
            {run.started_by?.name ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('bonus.run.createdAt')}>
            {formatDateTime(run.created_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('settlement.ui.decision')}>
            <RunDecision run={run} />
          </Descriptions.Item>
          <Descriptions.Item label={t('bonus.run.count')}>{formatCount(run.payout_count)}</Descriptions.Item>
          <Descriptions.Item label={t('settlement.ui.receivers')}>
            {formatCount(review.receivers)}
          </Descriptions.Item>
          <Descriptions.Item label={t('bonus.total')}>
            <MoneyText value={run.total_amount} strong />
          </Descriptions.Item>
        </Descriptions>
        {run.error && (
          <Alert type="error" showIcon message={t('settlement.ui.error')} description={run.error} />
        )}
        {awaiting && <Alert type="info" showIcon message={t('settlement.ui.awaitingNote')} />}
        {review.rules_changed && <Alert type="error" showIcon message={t('settlement.ui.rulesChanged')} />}
        {awaiting && roles.approves && ownRun && (
          <Alert type="warning" showIcon message={t('settlement.ui.approveOwn')} data-testid="approve-own" />
        )}
        <Actions review={review} ownRun={ownRun} />
      </Space>
    </Card>
  );
}

/**
 * Approve (approvers other than the starter, rules unchanged) and Reject (approvers and the starter) while the run
 * awaits approval; the approval's progress dialog stays open after the run is paid, until it is closed.
 */
function Actions({ review, ownRun }: { review: SettlementReview; ownRun: boolean }) {
  const { t } = useTranslation();
  const roles = useSettlementRoles();
  const approve = useApproveSettlement();
  const ended = useSettlementEnded();
  const [job, setJob] = useState<JobStarted | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const { run } = review;
  const awaiting = run.status === 'awaiting_approval';
  const mayReject = awaiting && (roles.approves || ownRun);
  return (
    <Space wrap>
      {awaiting && roles.approves && (
        <ConfirmButton
          type="primary"
          disabled={ownRun || review.rules_changed}
          confirm={
            <div style={{ maxWidth: 320 }}>
              {t('settlement.ui.approveConfirm', {
                id: run.id,
                period: run.period,
                count: run.payout_count,
                amount: formatMoney(run.total_amount),
              })}
            </div>
          }
          onConfirm={async () => setJob(await approve.mutateAsync(run.id))}
        >
          {t('settlement.ui.approve')}
        </ConfirmButton>
      )}
      {mayReject && (
        <Button danger onClick={() => setRejecting(true)}>
          {t('settlement.ui.reject')}
        </Button>
      )}
      {job && (
        <JobProgressModal
          key={job.job_id}
          mode="settlement"
          started={job}
          source={t('settlement.ui.approving', { period: run.period })}
          onDone={() => void ended()}
          // A failed approval (the data changed since the run computed) leaves the run as it was: shown again.
          onClose={() => {
            setJob(null);
            void ended();
          }}
        />
      )}
      {rejecting && <RejectDialog review={review} onClose={() => setRejecting(false)} />}
    </Space>
  );
}

/** Asks for the reason (required, at most 500 characters), then rejects the run: nothing of it is paid. */
function RejectDialog({ review, onClose }: { review: SettlementReview; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectSettlement();
  const { run } = review;
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await reject.mutateAsync({ runId: run.id, body: values });
    } catch (error) {
      applyFieldErrors(form, error);
      return;
    }
    onClose();
  };
  return (
    <Modal
      open
      title={t('settlement.ui.rejectTitle', { id: run.id, period: run.period })}
      okText={t('settlement.ui.reject')}
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('settlement.ui.rejectHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('settlement.ui.rejectReason')}
          rules={zodRules(rejectSettlementBody, 'reason')}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
