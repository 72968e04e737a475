import { type CreateWithdrawalBody, createWithdrawalBody, type MeProfile } from '@app/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankFields, bankValues } from '../platform/ui/BankFields';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { zodRules } from '../platform/ui/zod-rules';
import { useApplyWithdrawal } from './withdrawals.api';

/**
 * The member's withdrawal application (amount moves to frozen until an administrator decides): the bank fields of
 * the personal center, prefilled from the saved details.
 */
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
        initialValues={bankValues(me, 'bank_card_number')}
      >
        <Form.Item name="amount" label={t('walletUi.amount')} rules={rules('amount')}>
          <Input inputMode="decimal" />
        </Form.Item>
        <BankFields schema={createWithdrawalBody} numberField="bank_card_number" />
        <Form.Item name="remark" label={t('walletUi.remark')} rules={rules('remark')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
