// Prints "N passed, N failed" from vitest's JSON reports (one per run, e.g. one per Node.js
// version), summed: the one line CI reads, last. Each run's own figures go to stderr first. A
// missing or unreadable report, or a run with no test at all, counts as a failure.
import { readFileSync } from 'node:fs';

const paths = process.argv.length > 2 ? process.argv.slice(2) : ['.vitest-report.json'];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const path of paths) {
  const run = summarize(path);
  console.error(`${path}: ${run.passed} passed, ${run.failed} failed${run.skipped ? `, ${run.skipped} skipped` : ''}`);
  passed += run.passed;
  failed += run.failed;
  skipped += run.skipped;
}
if (skipped) console.error(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

function summarize(path) {
  let report;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    console.error(`no test report at ${path}: ${error.message}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const runPassed = report.numPassedTests ?? 0;
  // A test file that failed without a failed test (it did not load, or a hook threw) counts as
  // one failure too: its tests never ran. A run with no passed test at all is one failure.
  const runFailed = (report.numFailedTests ?? 0) + countFilesFailedOutsideTests(report) + (runPassed === 0 ? 1 : 0);
  return { passed: runPassed, failed: runFailed, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

function countFilesFailedOutsideTests(r) {
  return (r.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
}
