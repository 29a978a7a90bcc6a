// Loaded into the CLI processes the tests start (NODE_OPTIONS --require, set by setup.ts): every
// request the client publishes on its diagnostics channel is appended, one JSON line each, to
// the file named by PARITY_CAPTURE_FILE; the test process checks them after each test.
// CommonJS, preloaded with --require: an --import preload makes every process start Node's ES
// module loader before the CLI runs, which the CLI (CommonJS, its bundle run as a script) never
// needs otherwise, and the suite starts hundreds of these processes.
'use strict';
const { subscribe } = require('node:diagnostics_channel');
const { appendFileSync } = require('node:fs');

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
