import './platform/zod-without-eval';
import { UI } from '@app/contracts';
import { createRoot } from 'react-dom/client';
import { getStoredUser, getToken } from './platform/session';

// Our own styles (the sign-in page, the route progress bar, the org chart) read the theme colour.
document.documentElement.style.setProperty('--app-theme-color', UI.themeColor);

const root = createRoot(document.getElementById('root')!);
const signedIn = getToken() && getStoredUser();

// A fresh load of the sign-in page starts the form alone, without antd, the router or the app's dictionaries;
// the app follows after sign-in (docs/performance/web.md). Every other load starts the app.
if (!signedIn && ['/', '/login'].includes(window.location.pathname)) {
  void import('./shell/login/standalone').then((login) => login.startLogin(root));
} else {
  void import('./app/start').then((app) => app.startApp(root));
}
