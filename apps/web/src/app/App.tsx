import { type Locale, UI } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhHK from 'antd/locale/zh_HK';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { setFeedbackInstances } from '../platform/feedback';
import { storedLocale } from '../platform/locale-choice';
import { i18n } from '../platform/locales';
import { queryClient } from '../platform/query-client';
import { useThemeMode } from '../shell/settings';
import { router } from './router';

const ANTD_LOCALES = { 'en-US': enUS, 'zh-HK': zhHK, 'zh-CN': zhCN } as const;
const DAYJS_LOCALES: Record<Locale, string> = { 'en-US': 'en', 'zh-HK': 'zh-hk', 'zh-CN': 'zh-cn' };
// antd draws progress bars in its info colour unless told (our own styles read --app-theme-color, main.tsx).
// Our own styles read antd's CSS variables (--ant-color-bg-container…), so they follow the dark algorithm too.
const THEMES = {
  light: {
    algorithm: theme.defaultAlgorithm,
    token: { colorPrimary: UI.themeColor },
    components: { Progress: { defaultColor: UI.themeColor } },
  },
  dark: {
    algorithm: theme.darkAlgorithm,
    token: { colorPrimary: UI.themeColor },
    components: { Progress: { defaultColor: UI.themeColor } },
  },
};

/** antd's theme in the signed-in user's mode (settings drawer), with the page's own colour scheme to match. */
function Themed({ children, locale }: { children: ReactNode; locale: Locale }) {
  const mode = useThemeMode();
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={THEMES[mode]}>
      {children}
    </ConfigProvider>
  );
}

/** Lets the HTTP client use the themed, translated toasts and dialogs of antd's <App>. */
function FeedbackBridge() {
  const instances = AntApp.useApp();
  useEffect(() => setFeedbackInstances(instances), [instances]);
  return null;
}

export function App() {
  const locale = storedLocale();
  dayjs.locale(DAYJS_LOCALES[locale]);
  document.documentElement.lang = locale;
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Themed locale={locale}>
          <AntApp message={{ top: 16, duration: UI.toastMs / 1000, maxCount: 3 }}>
            <FeedbackBridge />
            <RouterProvider router={router} />
          </AntApp>
        </Themed>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
