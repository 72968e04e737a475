import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const home = '/dashboard/workplace';

/** 403: a signed-in user opened a page their role does not allow. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('platform.forbiddenTitle')}
      subTitle={t('platform.forbidden')}
      extra={
        <Link to={home}>
          <Button type="primary">{t('platform.backHome')}</Button>
        </Link>
      }
    />
  );
}

/** 404: any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('platform.notFoundTitle')}
      subTitle={t('platform.notFound')}
      extra={
        <Link to={home}>
          <Button type="primary">{t('platform.backHome')}</Button>
        </Link>
      }
    />
  );
}
