import type { LoginResult } from '@app/contracts';
import { StrictMode, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import type { Translate } from '../../platform/issue-text';
import { storedLocale } from '../../platform/locale-choice';
import { pageRoot } from '../../platform/page-root';
import { storeSession } from '../../platform/session';
import { LoginForm } from './LoginForm';
import { loginText } from './login-text';
import { useToasts } from './Toasts';
import { signInTarget } from './target';

/** The app behind the sign-in (antd, the router, react-query, i18next with every dictionary, the layout): app/start.tsx. */
export interface SignedInApp {
  startSignedIn(root: Root, result: LoginResult, target: string): void;
}

/**
 * A fresh load of /login (or /) without a session (main.tsx): the sign-in form alone, with its own toasts and
 * translations. Once the form is up and the browser idle (at the latest when the form is sent), the app is fetched
 * and evaluated (`loadApp`, handed in by main.tsx); after sign-in it takes the page's root at the target
 * (docs/performance/web.md).
 */
export function startLogin(loadApp: () => Promise<SignedInApp>): void {
  const prefetchApp = () => void loadApp().catch(() => undefined);
  const root = pageRoot();
  const locale = storedLocale();
  const t = loginText(locale);
  document.documentElement.lang = locale;
  document.title = t('shell.appTitle');
  if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
  const target = signInTarget(new URLSearchParams(window.location.search).get('redirect'));
  const enter = async (result: LoginResult) => {
    const app = await loadApp().catch(() => null);
    if (app) app.startSignedIn(root, result, target);
    else {
      storeSession(result.access_token, result.user); // the app failed to load: a full load of the target
      window.location.assign(target);
    }
  };
  root.render(
    <StrictMode>
      <StandaloneLogin t={t} prefetchApp={prefetchApp} onSignedIn={(result) => void enter(result)} />
    </StrictMode>,
  );
}

interface StandaloneLoginProps {
  t: Translate;
  prefetchApp: () => void;
  onSignedIn: (result: LoginResult) => void;
}

function StandaloneLogin({ t, prefetchApp, onSignedIn }: StandaloneLoginProps) {
  const { notify, toasts } = useToasts();
  useEffect(() => {
    const idle = requestIdleCallback(prefetchApp);
    return () => cancelIdleCallback(idle);
  }, [prefetchApp]);
  return (
    <>
      <LoginForm t={t} notify={notify} onSending={prefetchApp} onSignedIn={onSignedIn} />
      {toasts}
    </>
  );
}
