import '../platform/zod-without-eval';
// Every dictionary is added to i18next before the app's other modules are evaluated.
import './messages';
import type { LoginResult } from '@app/contracts';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { pageRoot } from '../platform/page-root';
import { enterApp } from '../shell/sign-in';
import { App } from './App';

/** Renders the whole app (antd, the router, every dictionary) into the page's root. */
export function startApp(root: Root = pageRoot()): void {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** After the stand-alone sign-in page (shell/login/standalone.tsx): the app takes its root, at the target. */
export function startSignedIn(root: Root, result: LoginResult, target: string): void {
  enterApp(result, target);
  startApp(root);
}
