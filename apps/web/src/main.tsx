import { UI } from '@app/contracts';
import { getStoredUser, getToken } from './platform/session';

// Our own styles (the sign-in page, the route progress bar, the org chart) read the theme colour.
document.documentElement.style.setProperty('--app-theme-color', UI.themeColor);

const signedIn = getToken() && getStoredUser();

// A fresh load of the sign-in page starts the form alone, without antd, the router or the app's dictionaries;
// the app follows after sign-in (docs/performance/web.md). Every other load starts the app. Nothing else is
// evaluated first: each chunk's own imports are fetched together with it.
if (!signedIn && ['/', '/login'].includes(window.location.pathname)) {
  void import('./shell/login/standalone').then((login) => login.startLogin(() => import('./app/start')));
} else {
  void import('./app/start').then((app) => app.startApp());
}
