import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/** /app: the public landing page, linking to sign-in. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <div className="public-page-toolbar">
        <LanguageSwitch />
      </div>
      <Result
        status="success"
        title={t('shell.landing.title')}
        subTitle={t('shell.landing.text')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('shell.landing.login')}</Button>
          </Link>
        }
      />
    </div>
  );
}
