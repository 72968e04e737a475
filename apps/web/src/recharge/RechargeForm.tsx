import { UploadOutlined } from '@ant-design/icons';
import { type CreateRechargeFields, createRechargeFields } from '@app/contracts';
import { Button, Form, Input, InputNumber, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../members/UserPicker';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { zodRules } from '../platform/ui/zod-rules';
import { useCreateRecharge } from './recharge.api';

type Values = CreateRechargeFields & { proof?: UploadFile[] };

/** New recharge for a member: member first, amount, points, remark, optional proof image (multipart). */
export function RechargeForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const create = useCreateRecharge();
  const submit = async ({ proof, ...fields }: Values) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined && value !== null && value !== '') body.append(key, String(value));
    const file = proof?.[0]?.originFileObj;
    if (file) body.append('proof', file);
    setBusy(true);
    try {
      await create.mutateAsync(body);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };
  const rules = (field: keyof CreateRechargeFields) => zodRules(createRechargeFields, field);
  return (
    <Modal
      open
      title={t('walletUi.newRecharge')}
      okText={t('walletUi.submit')}
      cancelText={t('platform.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="user_id" label={t('walletUi.member')} rules={rules('user_id')}>
          <UserPicker />
        </Form.Item>
        <Form.Item name="amount" label={t('walletUi.amount')} rules={rules('amount')}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="points" label={t('walletUi.points')} rules={rules('points')}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('walletUi.remark')} rules={rules('remark')}>
          <Input />
        </Form.Item>
        <Form.Item
          name="proof"
          label={t('walletUi.proof')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
        >
          <Upload accept="image/png,image/jpeg,image/gif,image/webp" maxCount={1} beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>{t('walletUi.upload')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
