import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab's title in the chosen language: "<page> - <app>", or the app's name alone. */
export function useDocumentTitle(titleKey: string | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    const app = t('shell.appTitle');
    document.title = titleKey ? `${t(titleKey)} - ${app}` : app;
  }, [t, titleKey]);
}
