import { passwordResetRequestBody, RESET_LINK_MINUTES } from '@app/contracts';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../platform/ui/form-errors';
import { zodRules } from '../../platform/ui/zod-rules';
import { PasswordPage } from './PasswordPage';
import { usePublicSettings, useRequestReset } from './password.api';

/**
 * /forgot-password: the account name or e-mail, and the server's one answer whether or not it is an account; without
 * mail on the server, that resets are unavailable (docs/product/access.md).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ account: string }>();
  const settings = usePublicSettings();
  const ask = useRequestReset();
  const send = (values: { account: string }) =>
    ask.mutateAsync(values).catch((error: unknown) => applyFieldErrors(form, error));
  return (
    <PasswordPage title={t('shell.password.forgotTitle')}>
      {settings.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {settings.data?.mail === false && (
        <Alert type="warning" showIcon message={t('access.resetUnavailable')} className="password-notice" />
      )}
      {ask.isSuccess && (
        <Alert
          type="success"
          showIcon
          message={t('access.resetRequested', { minutes: RESET_LINK_MINUTES })}
          className="password-notice"
        />
      )}
      {settings.data?.mail && !ask.isSuccess && (
        <Form form={form} layout="vertical" onFinish={send}>
          <p>{t('shell.password.forgotText')}</p>
          <Form.Item
            name="account"
            label={t('shell.login.account')}
            rules={zodRules(passwordResetRequestBody, 'account')}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={ask.isPending}>
            {t('shell.password.sendLink')}
          </Button>
        </Form>
      )}
    </PasswordPage>
  );
}
