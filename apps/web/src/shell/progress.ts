import { UI } from '@app/contracts';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router-dom';

NProgress.configure({ ...UI.progress, showSpinner: false });

/** Starts the progress bar whenever the router moves to another path. */
export function trackRouteChanges(router: ReturnType<typeof createBrowserRouter>): void {
  let path = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === path) return;
    path = state.location.pathname;
    NProgress.start();
  });
}

/** Rendered with each page (keyed by path): finishes the bar once the lazily loaded page has committed. */
export function ProgressDone() {
  useEffect(() => {
    NProgress.done();
  }, []);
  return null;
}
