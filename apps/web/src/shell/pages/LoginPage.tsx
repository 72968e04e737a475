import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type LoginBody, loginBody } from '@app/contracts';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { CURRENT_USER_KEY } from '../../platform/current-user';
import { queryClient } from '../../platform/query-client';
import { getStoredUser, getToken, storeSession } from '../../platform/session';
import { applyFieldErrors } from '../../platform/ui/form-errors';
import { zodRules } from '../../platform/ui/zod-rules';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { login } from '../shell.api';

const HOME = '/dashboard/workplace';

/** Only same-site paths are followed after sign-in. */
const safeTarget = (redirect: string | null) =>
  redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login') ? redirect : HOME;

/** /login: account (name or email) and password; returns to the remembered target. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginBody>();
  const [busy, setBusy] = useState(false);
  const target = safeTarget(useSearchParams()[0].get('redirect'));

  if (getToken() && getStoredUser()) return <Navigate to={target} replace />;

  const submit = async (values: LoginBody) => {
    setBusy(true);
    try {
      const result = await login(values);
      storeSession(result.access_token, result.user);
      queryClient.setQueryData(CURRENT_USER_KEY, result.user);
      navigate(target, { replace: true });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="public-page">
      <div className="public-page-toolbar">
        <LanguageSwitch />
      </div>
      <Card className="login-card">
        <Typography.Title level={3}>{t('shell.appTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('shell.login.title')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="account" label={t('shell.login.account')} rules={zodRules(loginBody, 'account')}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('shell.login.password')}
            rules={zodRules(loginBody, 'password')}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('shell.login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
