// What test/support's modules clean up after each test and after each test file, run by
// test/support/hooks.ts, a setupFiles module: vitest runs it for every test file, where hooks a
// support module registered when first imported would run for the first file of a worker only
// once files share their modules (isolate off). Kept free of imports so that every file can
// load it at no cost.

type Step = () => unknown;

const steps = { test: new Set<Step>(), file: new Set<Step>() };
let testRunning = false;

/** Whether a test is running (not a file's beforeAll or afterAll). */
export function inTest(): boolean {
  return testRunning;
}

/** Runs `step` after every test, or after every file's tests. */
export function cleanUpAfter(scope: 'test' | 'file', step: Step): void {
  steps[scope].add(step);
}

/** For hooks.ts: a test starts. */
export function testStarts(): void {
  testRunning = true;
}

/** For hooks.ts: a test or a file ended; runs its steps, the last added first, as vitest runs after-hooks. */
export async function ended(scope: 'test' | 'file'): Promise<void> {
  if (scope === 'test') testRunning = false;
  for (const step of [...steps[scope]].reverse()) await step();
}
