import { type PasswordResetBody, passwordResetBody, ResultCode } from '@app/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../platform/http';
import { confirmationRule } from '../../platform/ui/confirmation-rule';
import { applyFieldErrors } from '../../platform/ui/form-errors';
import { zodRules } from '../../platform/ui/zod-rules';
import { PasswordPage } from './PasswordPage';
import { useResetPassword } from './password.api';

type NewPassword = Omit<PasswordResetBody, 'token'>;

/**
 * /reset-password?token=…: the page a reset mail links to. The new password twice, under the contract's rules; once
 * set, the server's text is toasted and the sign-in page follows. A link expired or used is refused by the server,
 * translated, with a way to ask for a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [form] = Form.useForm<NewPassword>();
  const reset = useResetPassword();
  /** The server's refusal of the link itself (expired, used, unknown), as opposed to a field's. */
  const [refusal, setRefusal] = useState<string | null>(token ? null : t('access.resetLinkInvalid'));
  const save = async (values: NewPassword) => {
    try {
      await reset.mutateAsync({ ...values, token });
      navigate('/login', { replace: true });
    } catch (error) {
      const linkRefused = error instanceof ApiError && error.code === ResultCode.BAD_REQUEST;
      if (!applyFieldErrors(form, error) && linkRefused) setRefusal(error.message);
    }
  };
  return (
    <PasswordPage title={t('shell.password.resetTitle')}>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          className="password-notice"
          message={refusal}
          action={<Link to="/forgot-password">{t('shell.password.askAgain')}</Link>}
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="password"
            label={t('me.newPassword')}
            rules={zodRules(passwordResetBody, 'password')}
          >
            <Input.Password autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            name="password_confirmation"
            label={t('me.confirmPassword')}
            dependencies={['password']}
            rules={confirmationRule(t)}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('shell.password.setPassword')}
          </Button>
        </Form>
      )}
    </PasswordPage>
  );
}
