import { type CreateWithdrawalBody, createWithdrawalBody, type MeProfile } from '@app/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { zodRules } from '../platform/ui/zod-rules';
import { useApplyWithdrawal } from './withdrawals.api';

/** The member's withdrawal application (amount moves to frozen until an administrator decides). */
export function WithdrawalForm({ me, onClose }: { me: MeProfile | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateWithdrawalBody>();
  const [busy, setBusy] = useState(false);
  const apply = useApplyWithdrawal();
  const submit = async (values: CreateWithdrawalBody) => {
    setBusy(true);
    try {
      await apply.mutateAsync(values);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };
  const rules = (field: keyof CreateWithdrawalBody) => zodRules(createWithdrawalBody, field);
  return (
    <Modal
      open
      title={t('walletUi.applyWithdrawal')}
      okText={t('walletUi.submit')}
      cancelText={t('platform.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ bank_card_number: me?.bank_account_no ?? '', bank_name: '' }}
      >
        <Form.Item name="amount" label={t('walletUi.amount')} rules={rules('amount')}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="bank_card_number"
          label={t('walletUi.bankCardNumber')}
          rules={rules('bank_card_number')}
        >
          <Input />
        </Form.Item>
        <Form.Item name="bank_code" label={t('walletUi.bankCode')} rules={rules('bank_code')}>
          <Input />
        </Form.Item>
        <Form.Item name="bank_name" label={t('walletUi.bankName')} rules={rules('bank_name')}>
          <Input />
        </Form.Item>
        <Form.Item name="remark" label={t('walletUi.remark')} rules={rules('remark')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
