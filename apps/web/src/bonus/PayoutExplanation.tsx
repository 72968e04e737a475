import { type PayoutExplanation as Explanation, mayExplainAnyPayout } from '@app/contracts';
import { Alert, Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../platform/current-user';
import { formatDateTime, formatMoney } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';
import { type PayoutTarget, useLevelSettings, usePayoutExplanation } from './bonus.api';
import {
  DownlineView,
  PagedSourceOrders,
  PoolBreakdownView,
  RefundOf,
  RulesSource,
  RulesTodayWarning,
  useOrderColumns,
} from './ExplanationDetails';
import { PayoutStatusTag } from './PayoutStatusTag';

/** Whether the signed-in user sees "Explain": members (on their own bonuses) and admins with EXPLAIN_PAYOUT_PERMS. */
export function useMayExplainPayouts(): boolean {
  const { user } = useCurrentUser();
  return !!user && (!user.is_admin || mayExplainAnyPayout(true, user.role_ids));
}

/** "Explain" on a bonus line: opens the drawer telling how the payout came about (docs/product/bonus.md). */
export function ExplainPayoutButton({ target }: { target: PayoutTarget }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)} data-testid="explain-payout">
        {t('bonus.explain.action')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('bonus.explain.title')}
        size="large"
        destroyOnHidden
      >
        {open && <ExplanationBody target={target} />}
      </Drawer>
    </>
  );
}

function ExplanationBody({ target }: { target: PayoutTarget }) {
  const { t } = useTranslation();
  const explanation = usePayoutExplanation(target);
  const levels = useLevelSettings().data ?? [];
  const levelName = (id: number | null) =>
    id === null ? t('bonus.explain.notRecorded') : (levels.find((l) => l.id === id)?.name ?? String(id));
  if (explanation.error)
    return <Alert type="warning" showIcon message={(explanation.error as Error).message} />;
  const e = explanation.data;
  if (!e) return null;
  const who = (m: { name: string; user_no: string; level_id: number }) =>
    `${m.name} (${m.user_no}) · ${levelName(m.level_id)}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="payout-explanation">
      <Verdict e={e} />
      <RulesTodayWarning e={e} />
      <RefundOf e={e} />
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('bonus.type')}>
          {e.payout.type_name} {e.payout.dry_run && <Tag color="blue">{t('bonus.run.dryRun')}</Tag>}
          {e.payout.reversed && <Tag color="red">{t('bonus.explain.reversed')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('commission.ui.payout.label')}>
          <PayoutStatusTag status={e.payout.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.amount')}>
          <MoneyText value={e.payout.amount} strong />
        </Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.period')}>{e.payout.period}</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.run')}>
          {e.run
            ? t('bonus.explain.runValue', {
                id: e.run.id,
                period: e.run.period,
                kind: t(e.run.dry_run ? 'bonus.run.dryRun' : 'bonus.run.real'),
                status: t(`bonus.run.status.${e.run.status}`),
                at: formatDateTime(e.run.created_at),
              })
            : t('bonus.explain.noRun')}
        </Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.receiver')}>{who(e.receiver)}</Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.levelAtRun')}>
          {levelName(e.receiver.level_at_run)}
        </Descriptions.Item>
        <Descriptions.Item label={t('bonus.explain.rule')}>
          <RuleText e={e} levelName={levelName} /> <RulesSource e={e} />
        </Descriptions.Item>
        {e.provider && (
          <Descriptions.Item label={t('bonus.explain.provider')}>{e.provider.name}</Descriptions.Item>
        )}
      </Descriptions>
      {e.path.length > 0 && (
        <>
          <Typography.Title level={5}>
            {t('bonus.explain.path')}
            {e.tree && ` · ${t(`bonus.explain.tree.${e.tree}`)}`}
          </Typography.Title>
          <ol data-testid="explanation-path">
            {e.path.map((step) => (
              <li key={`${step.relation}-${step.member.id}`}>
                {t(`bonus.explain.relation.${step.relation}`)} ·{' '}
                {t('bonus.explain.generation', { n: step.generation })}: {who(step.member)}
              </li>
            ))}
          </ol>
        </>
      )}
      {/^\d{4}-\d{2}$/.test(e.payout.period)
        ? e.orders_total > 0 && <PagedSourceOrders target={target} e={e} />
        : e.orders.length > 0 && <SourceOrders e={e} />}
      <PoolBreakdownView e={e} levelName={levelName} />
      <DownlineView e={e} />
      {e.arithmetic.length > 0 && (
        <>
          <Typography.Title level={5}>{t('bonus.explain.arithmetic')}</Typography.Title>
          <Descriptions bordered size="small" column={1} data-testid="explanation-arithmetic">
            {e.arithmetic.map((s) => (
              <Descriptions.Item key={s.step} label={t(`bonus.explain.step.${s.step}`)}>
                <Typography.Text code>{s.formula}</Typography.Text> = {s.result}
                {(s.step === 'amount' || s.step === 'pool') &&
                  ` (${t('bonus.explain.cents', { cents: s.result, money: formatMoney((s.result / 100).toFixed(2)) })})`}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      )}
    </Space>
  );
}

/** Whether the engine, run again on the stored data, gives the stored amount. */
function Verdict({ e }: { e: Explanation }) {
  const { t } = useTranslation();
  const amount = formatMoney(e.payout.amount);
  if (e.matches) return <Alert type="success" showIcon message={t('bonus.explain.matches')} />;
  const message =
    e.recomputed_amount === null
      ? t('bonus.explain.noLongerPaid', { amount })
      : t('bonus.explain.mismatch', { amount, recomputed: formatMoney(e.recomputed_amount) });
  return <Alert type="warning" showIcon message={message} />;
}

/** The rule the type applies, in words, with the ratio the receiver's level got. */
function RuleText({ e, levelName }: { e: Explanation; levelName: (id: number) => string }) {
  const { t } = useTranslation();
  const p = e.rule.params;
  const parts = [t(`bonus.kind.${p.kind}`)];
  if (p.kind === 'direct')
    parts.push(t(`bonus.explain.rule.${p.tree === 'sponsor' ? 'sponsor' : 'iblommer'}`));
  if (p.kind === 'generation') parts.push(t('bonus.explain.rule.generation', { generation: p.generation }));
  if (p.kind === 'providerReferral')
    parts.push(
      t(`bonus.explain.rule.${p.payTo}`) +
        (p.qualifiedCpOnly ? ` ${t('bonus.explain.rule.qualifiedCpOnly')}` : ''),
    );
  if (p.kind === 'groupVolume' || p.kind === 'treeDepth')
    parts.push(
      p.maxDepth === null
        ? t('bonus.explain.rule.depthOpen', { min: p.minDepth })
        : t('bonus.explain.rule.depth', { min: p.minDepth, max: p.maxDepth }),
    );
  if (p.kind === 'poolShare')
    parts.push(
      t('bonus.explain.rule.pool', { pool: p.poolBp / 100, sp: p.spPerShare, cap: e.rule.share_cap ?? 0 }),
    );
  if (p.kind === 'oneOff') parts.push(t('bonus.explain.rule.oneOff'));
  if (e.rule.ratio !== null) parts.push(t('bonus.explain.rule.ratio', { ratio: e.rule.ratio }));
  if (p.minLevel > 1) parts.push(t('bonus.explain.rule.minLevel', { level: levelName(p.minLevel) }));
  return <>{parts.join(' · ')}</>;
}

/** The one order of an order-driven payout (a monthly payout's orders are paged: PagedSourceOrders). */
function SourceOrders({ e }: { e: Explanation }) {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  return (
    <>
      <Typography.Title level={5}>{t('bonus.explain.orders')}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={e.orders}
        data-testid="explanation-orders"
        columns={columns}
      />
    </>
  );
}
