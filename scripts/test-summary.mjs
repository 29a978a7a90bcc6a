// Prints "N passed, N failed" from vitest's JSON report: the one line CI reads. A missing or
// unreadable report, or a run with no test at all, counts as a failure.
import { readFileSync } from 'node:fs';

const path = process.argv[2] ?? '.vitest-report.json';
let report;
try {
  report = JSON.parse(readFileSync(path, 'utf8'));
} catch (error) {
  console.error(`no test report at ${path}: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
// A test file that failed without a failed test (it did not load, or a hook threw) counts as one
// failure too: its tests never ran.
const failed = (report.numFailedTests ?? 0) + countFilesFailedOutsideTests(report);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

function countFilesFailedOutsideTests(r) {
  return (r.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
}
