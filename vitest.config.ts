import { defineConfig } from 'vitest/config';
import { answerShapesVite } from './scripts/answer-shapes.mjs';
import { requestShapesVite } from './scripts/request-shapes.mjs';

export default defineConfig({
  // statusctl:answer-shapes, derived from the hosted API's document, and statusctl:request-shapes,
  // from the contract's request schemas, as the build does.
  plugins: [answerShapesVite(), requestShapesVite()],
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Request parity: every body the client sends is checked against the hosted API's schemas.
    // Then the clean-up of test/support's servers and directories, for every file.
    setupFiles: ['test/parity/setup.ts', 'test/support/hooks.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph instead of loading every
    // module again for each file. So a shared module never registers hooks when it is imported
    // (they would run for the worker's first file only): its clean-up goes through
    // test/support/cleanup.ts, run for every file by the setup files.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI
    // machine. Many tests wait on a child process, a socket or a rate limit, so more files at
    // once than cores keep them busier: on 2 cores, three at once finished the suite sooner
    // than two, for the same CPU time (measured in alternating runs of the whole suite).
    maxWorkers: 3,
  },
});
