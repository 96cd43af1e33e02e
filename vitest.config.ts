import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The workspace packages (packages/*) are tested from their sources: their package.json "source" condition.
const sourceConditions = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
};

const integration = {
  setupFiles: ['test/helpers/own-state-dir.ts'],
  environment: 'node',
  globalSetup: ['test/helpers/global-redis.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/**
 * Integration files whose assertions hold only on a machine that keeps time: a call's wait or spacing in
 * milliseconds, a rate within 10 %, a command done within so many seconds. They run alone.
 */
const TIMED = [
  'test/integration/pacer-lanes.test.ts',
  'test/integration/pacer-and-cache.test.ts',
  'test/integration/give-way-job.test.ts',
  'test/integration/registry/contract.test.ts',
  'test/integration/pipeline/fail-fast.test.ts',
  'test/integration/pipeline/small-burst.test.ts',
  'test/integration/pipeline/embedded-redis-ownership.test.ts',
  // Starts serve with the embedded desk, whose engine stalls the process while it starts (initdb in a fresh
  // state directory takes most of a minute on a loaded machine, and the test's 60 s per step with it).
  'test/integration/desk/desk-acceptance.test.ts',
  'packages/lookup-emulator/test/integration/limits-and-faults.test.ts',
];

// One JSON report per run so that .ci/run can print the runner's real counts (KYC_VITEST_REPORT names
// another file: .ci/run's second run, without DATABASE_URL, keeps its own).
export default defineConfig({
  ...sourceConditions,
  test: {
    reporters: ['default', ['json', { outputFile: process.env.KYC_VITEST_REPORT ?? '.vitest-report.json' }]],
    // The integration files mostly wait on Redis, HTTP, timers and child processes rather than the CPU: on a
    // 2-core machine vitest's default (cores - 1) ran them one at a time and left the cores idle.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        ...sourceConditions,
        test: {
          name: 'unit',
          setupFiles: ['test/helpers/own-state-dir.ts'],
          include: ['test/unit/**/*.test.ts', 'packages/*/test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...sourceConditions,
        test: {
          name: 'integration',
          ...integration,
          include: ['test/integration/**/*.test.ts', 'packages/*/test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMED],
        },
      },
      {
        ...sourceConditions,
        test: {
          name: 'integration-timed',
          ...integration,
          include: [...TIMED],
          // One at a time, after the others (a group of its own): nothing else competes for the CPU.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
