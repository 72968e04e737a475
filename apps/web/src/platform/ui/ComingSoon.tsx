import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder of a routed page that has no entry in app/pages.ts yet. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('platform.comingSoon')}
      subTitle={t('platform.comingSoonHint', { title: t(titleKey) })}
    />
  );
}
