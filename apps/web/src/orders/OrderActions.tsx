import { monthBody, refundExportBody, refundWalletBody } from '@app/contracts';
import { Button, DatePicker, Form, Input, Modal, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRules } from '../platform/ui/zod-rules';
import { SheetImport } from '../providers/SheetImport';
import {
  downloadMonthlySheet,
  downloadRefundSheet,
  useOrderOptions,
  useOrdersImported,
  useRefundToWallet,
} from './orders.api';

type Dialog = 'refundExport' | 'refund' | 'monthly' | null;

/** One field in a dialog, validated by its contracts schema, then `run`. */
function FieldDialog<S extends z.ZodObject>({
  title,
  schema,
  field,
  label,
  input,
  run,
  onClose,
}: {
  title: string;
  schema: S;
  field: keyof S['shape'] & string;
  label: string;
  input: React.ReactNode;
  run: (value: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await run(values[field] as string);
      onClose();
    } catch {
      // the toast already shows the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      cancelText={t('platform.cancel')}
    >
      <Form form={form} layout="vertical">
        <Form.Item name={field as string} label={label} rules={zodRules(schema, field)}>
          {input}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Admin actions of the orders screen: refund table export, refund confirmation (one account only), monthly table, import. */
export function OrderActions() {
  const { t } = useTranslation();
  const options = useOrderOptions();
  const refund = useRefundToWallet();
  const imported = useOrdersImported();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  if (!options.data?.is_admin) return null;
  return (
    <Space wrap>
      <Button onClick={() => setDialog('refundExport')}>{t('orders.exportRefund')}</Button>
      {options.data.can_refund && (
        <Button danger onClick={() => setDialog('refund')}>
          {t('orders.confirmRefund')}
        </Button>
      )}
      <Button onClick={() => setDialog('monthly')}>{t('orders.exportMonthly')}</Button>
      <SheetImport kind="order" onImported={imported} />
      {dialog === 'refundExport' && (
        <FieldDialog
          title={t('orders.exportRefund')}
          schema={refundExportBody}
          field="refund_no"
          label={t('orders.refundNo')}
          input={<Input />}
          run={downloadRefundSheet}
          onClose={close}
        />
      )}
      {dialog === 'refund' && (
        <FieldDialog
          title={t('orders.confirmRefund')}
          schema={refundWalletBody}
          field="platform_order_no_origin"
          label={t('orders.originOrderNo')}
          input={<Input />}
          run={refund.mutateAsync}
          onClose={close}
        />
      )}
      {dialog === 'monthly' && (
        <FieldDialog
          title={t('orders.exportMonthly')}
          schema={monthBody}
          field="month"
          label={t('orders.month')}
          input={<MonthInput />}
          run={downloadMonthlySheet}
          onClose={close}
        />
      )}
    </Space>
  );
}

/** A month picker whose value is 'YYYY-MM'. */
function MonthInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <DatePicker
      picker="month"
      format="YYYY-MM"
      onChange={(d: Dayjs | null | undefined) => onChange?.(d ? d.format('YYYY-MM') : '')}
      {...(value ? {} : { value: null })}
    />
  );
}
