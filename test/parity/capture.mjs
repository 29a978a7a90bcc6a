// Loaded into the CLI processes the tests start (NODE_OPTIONS --import, set by setup.ts): every
// request the client publishes on its diagnostics channel is appended, one JSON line each, to
// the file named by PARITY_CAPTURE_FILE; the test process checks them after each test.
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';

const file = process.env.PARITY_CAPTURE_FILE;
if (file) {
  subscribe('statusctl:request', (message) => {
    try {
      appendFileSync(file, `${JSON.stringify({ ...message, pid: process.pid })}\n`);
    } catch {
      // The test process removed its capture file: nothing left to check.
    }
  });
}
