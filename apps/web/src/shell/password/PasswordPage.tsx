import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/** The frame of the pages before sign-in about a password: the public page's card, its title and a way back. */
export function PasswordPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <div className="public-page-toolbar">
        <LanguageSwitch />
      </div>
      <Card title={title} className="password-card">
        {children}
        <Link to="/login">{t('shell.password.backToSignIn')}</Link>
      </Card>
    </div>
  );
}
