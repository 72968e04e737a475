import { afterEach } from 'vitest';
import { Harness } from './harness';

// A browser test fails when any page it drove broke the Content-Security-Policy the API sends.
afterEach(() => {
  for (const harness of Harness.running) harness.assertNoCspViolations();
});
