import { inject } from 'vitest';

// The run's folder of database templates (global-setup.ts), for createTestDatabase in this worker.
process.env.TEST_TEMPLATE_DIR = inject('templateDir');
