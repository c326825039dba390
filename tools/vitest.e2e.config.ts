import { defineConfig } from 'vitest/config';

// Browser tests: one real server, Debian's Chromium, files one at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/e2e/**/*.e2e.ts'],
    globalSetup: ['./src/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
