import { defineConfig } from 'vitest/config';

// One JSON report per run so that .ci/run can print the runner's real counts.
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-redis.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
