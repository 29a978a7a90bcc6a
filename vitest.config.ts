import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Request parity: every body the client sends is checked against the hosted API's schemas.
    setupFiles: ['test/parity/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI
    // machine. Most tests wait on a child process or a socket, so two files at once use the
    // cores better.
    maxWorkers: 2,
  },
});
