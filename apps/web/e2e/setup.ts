import { afterEach } from 'vitest';
import { Harness } from './harness';

// A browser test fails when any page it drove broke the Content-Security-Policy the API sends, threw an
// uncaught error or logged a console error it did not expect (Harness.expectFailedLoads).
afterEach(() => {
  for (const harness of Harness.running) harness.assertCleanPages();
});
