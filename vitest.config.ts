import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure parts, no build needed) and `e2e` (the built binary in a
// real pseudo-terminal). `npx vitest run --project unit` is `make unit`.
export default defineConfig({
  test: {
    // A test's own waits say what it waits for; this is only the backstop for one that hangs, long
    // enough that a machine loaded many times over (a unit test of 3 s took 26) does not fail it.
    testTimeout: 90000,
    // Three files at a time: an end-to-end test mostly waits on lwl in its pty, so even
    // on two cores (where vitest's default is one worker) this halves the suite's time.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] },
      },
      {
        extends: true,
        // The setup rebuilds a stale dist/lwl first, so the suite never runs yesterday's build.
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/fresh-build.ts'] },
      },
    ],
  },
});
