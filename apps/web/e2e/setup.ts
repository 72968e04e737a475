import { afterEach, beforeEach } from 'vitest';
import { Harness } from './harness';

beforeEach(() => {
  for (const harness of Harness.running) harness.testStarted();
});

// A browser test fails when any page it drove broke the Content-Security-Policy the API sends, threw an
// uncaught error or logged a console error it did not expect (Harness.expectFailedLoads). The pages it opened
// are closed after it, so that nothing they do later lands in another test.
afterEach(async () => {
  for (const harness of Harness.running) {
    try {
      harness.assertCleanPages();
    } finally {
      await harness.closeTestPages();
    }
  }
});
