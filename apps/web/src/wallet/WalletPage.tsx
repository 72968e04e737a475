import type { WithdrawalItem } from '@app/contracts';
import { Button, Card, Col, Descriptions, Row, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BonusTabs } from '../bonus';
import { useMe } from '../me/me.api';
import { useCurrentUser } from '../platform/current-user';
import { formatDateTime, formatMoney } from '../platform/format';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { MoneyText } from '../platform/ui/MoneyText';
import { PagedTable, usePagedList } from '../platform/ui/PagedTable';
import { usePhone } from '../platform/ui/phone';
import { WithdrawalForm } from '../withdrawals/WithdrawalForm';
import { WithdrawalStatusTag } from '../withdrawals/WithdrawalStatusTag';
import { myWithdrawalsList, useCancelWithdrawal } from '../withdrawals/withdrawals.api';
import { memberRecordsList, useWalletSummary } from './wallet.api';
import { useRecordColumns } from './wallet-ui';

/** /wallet (members): balance, frozen amount, bank details, records, and withdrawal applications. */
export default function WalletPage() {
  const { t } = useTranslation();
  const userId = useCurrentUser().user?.id ?? 0;
  const [applying, setApplying] = useState(false);
  const wallet = useWalletSummary(userId);
  const me = useMe();
  const withdrawals = usePagedList<WithdrawalItem>(myWithdrawalsList, {}, { pageSize: 10 });
  const recordColumns = useRecordColumns();
  const cancel = useCancelWithdrawal();
  const phone = usePhone();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Statistic title={t('walletUi.available')} value={formatMoney(wallet.data?.total)} />
            </Col>
            <Col xs={24} sm={12}>
              <Statistic title={t('walletUi.frozen')} value={formatMoney(wallet.data?.freezeTotal)} />
            </Col>
          </Row>
          <Button type="primary" style={{ marginTop: 16 }} onClick={() => setApplying(true)}>
            {t('walletUi.applyWithdrawal')}
          </Button>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('walletUi.bankInfo')} extra={<Link to="/me">{t('walletUi.editBank')}</Link>}>
          <Descriptions
            column={1}
            size="small"
            layout={phone ? 'vertical' : 'horizontal'}
            items={[
              { key: 'name', label: t('me.bankAccountName'), children: me.data?.bank_account_name || '-' },
              { key: 'country', label: t('me.bankCountry'), children: me.data?.bank_country || '-' },
              { key: 'bank', label: t('walletUi.bankName'), children: me.data?.bank_name || '-' },
              { key: 'code', label: t('walletUi.bankCode'), children: me.data?.bank_code || '-' },
              { key: 'no', label: t('me.bankAccountNo'), children: me.data?.bank_account_no || '-' },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('walletUi.withdrawals')}>
          <Table<WithdrawalItem>
            {...withdrawals.tableProps}
            rowKey="id"
            size="small"
            columns={[
              {
                title: t('walletUi.time'),
                key: 'time',
                render: (w) => formatDateTime(w.created_at),
              },
              {
                title: t('walletUi.amount'),
                key: 'amount',
                align: 'right',
                render: (w) => <MoneyText value={w.amount} />,
              },
              { title: t('walletUi.bankName'), dataIndex: 'bank_name' },
              { title: t('walletUi.bankCardNumber'), dataIndex: 'bank_card_number' },
              {
                title: t('walletUi.status'),
                key: 'status',
                render: (w) => <WithdrawalStatusTag status={w.status} />,
              },
              { title: t('walletUi.reason'), dataIndex: 'reason' },
              {
                title: t('walletUi.operation'),
                key: 'op',
                render: (w) =>
                  w.status === 1 ? (
                    <ConfirmButton
                      size="small"
                      confirm={t('walletUi.cancelConfirm')}
                      onConfirm={() => cancel.mutateAsync(w.id)}
                    >
                      {t('walletUi.cancelWithdrawal')}
                    </ConfirmButton>
                  ) : null,
              },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('walletUi.records')}>
          {userId > 0 && (
            <PagedTable
              list={memberRecordsList(userId)}
              options={{ pageSize: 10, pageSizes: [10, 20, 50] }}
              rowKey="id"
              size="small"
              columns={recordColumns}
            />
          )}
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('bonus.title')}>{userId > 0 && <BonusTabs userId={userId} />}</Card>
      </Col>
      {applying && <WithdrawalForm me={me.data} onClose={() => setApplying(false)} />}
    </Row>
  );
}
