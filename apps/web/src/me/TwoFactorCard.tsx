import {
  type RecoveryCodes,
  type TwoFactorSetup,
  twoFactorConfirmBody,
  twoFactorDisableBody,
} from '@app/contracts';
import { Alert, Button, Card, Form, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { zodRules } from '../platform/ui/zod-rules';
import { useBeginSetUp, useConfirmSetUp, useDisableTwoFactor, useTwoFactor } from './security.api';

/**
 * Two-factor sign-in of the signed-in account (docs/product/access.md, "Two-factor sign-in"): set it up from a QR
 * code (or the key as text) and a first code, see the recovery codes once, turn it off with the password and a code.
 * `onEnabled` runs once the recovery codes are put away (the forced set-up goes on into the app then).
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useTranslation();
  const { data: status, isLoading } = useTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const begin = useBeginSetUp();

  const state = status?.enabled ? (
    <Space direction="vertical">
      <Typography.Text type="success">{t('security.twoFactorOn')}</Typography.Text>
      <Typography.Text type="secondary">
        {t('security.recoveryLeft', { count: status.recovery_codes_left })}
      </Typography.Text>
      {/* ADMIN_2FA=required: an administrator keeps it (the API refuses to turn it off). */}
      {!status.required && (
        <Button danger onClick={() => setTurningOff(true)}>
          {t('security.turnOff')}
        </Button>
      )}
    </Space>
  ) : (
    <Space direction="vertical">
      {status?.required && <Alert type="warning" showIcon message={t('security.required')} />}
      <Typography.Text>{t('security.twoFactorOff')}</Typography.Text>
      <Button
        type="primary"
        loading={begin.isPending}
        onClick={async () => setSetup(await begin.mutateAsync())}
      >
        {t('security.setUp')}
      </Button>
    </Space>
  );
  return (
    <Card title={t('security.twoFactor')}>
      {isLoading || !status ? <Skeleton active /> : setup ? null : state}
      {setup && (
        <SetUpForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onDone={(answer) => {
            setSetup(null);
            setCodes(answer);
          }}
        />
      )}
      <Modal
        open={codes !== null}
        title={t('security.recoveryTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button
            type="primary"
            onClick={() => {
              setCodes(null);
              onEnabled?.();
            }}
          >
            {t('security.recoveryDone')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('security.recoveryHint')}</Typography.Paragraph>
        <pre data-testid="recovery-codes" style={{ fontSize: 16, lineHeight: 1.6 }}>
          {codes?.recovery_codes.join('\n')}
        </pre>
      </Modal>
      {turningOff && <TurnOffModal onClose={() => setTurningOff(false)} />}
    </Card>
  );
}

function SetUpForm({
  setup,
  onCancel,
  onDone,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onDone: (codes: RecoveryCodes) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useConfirmSetUp();
  const submit = async (values: { code: string }) => {
    try {
      onDone(await confirm.mutateAsync(values));
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit}>
      <Typography.Paragraph>{t('security.scan')}</Typography.Paragraph>
      <img src={setup.qr_image} alt={t('security.qrAlt')} width={180} height={180} />
      <Typography.Paragraph>
        {t('security.secret')}:{' '}
        <Typography.Text code copyable data-testid="two-factor-secret">
          {setup.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Form.Item name="code" label={t('security.code')} rules={zodRules(twoFactorConfirmBody, 'code')}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={32} style={{ maxWidth: 200 }} />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          {t('security.confirm')}
        </Button>
        <Button onClick={onCancel}>{t('security.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** Turning it off asks the password and a code: the confirmation a destructive change needs. */
function TurnOffModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const disable = useDisableTwoFactor();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await disable.mutateAsync(values);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  const rules = (field: 'password' | 'code') => zodRules(twoFactorDisableBody, field);
  return (
    <Modal
      open
      title={t('security.turnOffTitle')}
      okText={t('security.turnOff')}
      okButtonProps={{ danger: true, loading: disable.isPending }}
      cancelText={t('security.cancel')}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('security.turnOffHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="password" label={t('security.password')} rules={rules('password')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="code" label={t('security.code')} rules={rules('code')}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
