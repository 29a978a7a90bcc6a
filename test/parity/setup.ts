// Request parity (docs/api-rules.md#request-parity-with-the-hosted-api), for the whole suite:
// every request body the client sends, in this process (test/client, msw included) or in a CLI
// process a test starts (test/cli, test/hardening, ...), is checked against the hosted API's
// request schema of its operation. A body it would refuse fails the test that sent it, naming
// the operation and the field. Requests a test sends itself (fetch, sockets) are not the
// client's and are not checked.
//
// In this process the client's diagnostics channel is observed directly; child processes load
// capture.cjs (through NODE_OPTIONS, inherited by the processes the tests spawn), which writes
// what their client sends to a file read back after each test.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import type { PublishedRequest } from '../../src/client/transport.js';
import type { OperationId } from '../../src/contract/table.js';

const REQUEST_CHANNEL = 'statusctl:request';

interface Captured extends PublishedRequest {
  /** The test running when it was sent (or read back), if any. */
  test?: string;
  /** A CLI process, not this one. */
  pid?: number;
}

export interface ParityState {
  /** Every request seen so far in this test file. */
  seen: Captured[];
  /** Failures not reported yet (afterEach reports and clears them). */
  violations: string[];
  /** Reads what CLI processes captured since the last call (afterEach calls it too). */
  readChildren(): void;
  /** Checks what was seen since the last call, adding to `violations` (afterEach calls it too). */
  checkPending(): Promise<void>;
  /** The channel subscriber of the file being run, so the next file's replaces it. */
  subscriber?: (message: unknown) => void;
}

// On globalThis, so a test file can look at what was captured (test/parity/parity.test.ts).
const state: ParityState = ((globalThis as { __statusctlParity?: ParityState }).__statusctlParity ??= {
  seen: [],
  violations: [],
  readChildren: () => {},
  checkPending: async () => {},
});
// This file's requests only: a worker that does not isolate its files keeps globalThis between them.
state.seen = [];

// Requests are recorded when sent (with the test sending them) and checked after the test: the
// schemas (ajv) are loaded only by test files whose tests send something.
const pending: Captured[] = [];
function check(request: Captured): void {
  state.seen.push(request);
  if (request.operationId) pending.push(request);
}

async function checkPending(): Promise<void> {
  if (!pending.length) return;
  const { upstreamBodyProblems } = await import('./upstream-requests.js');
  for (const request of pending.splice(0)) {
    const problems = upstreamBodyProblems(request.operationId as OperationId, request.payload);
    if (!problems.length) continue;
    const where = request.pid ? `the CLI (pid ${request.pid})` : 'the client';
    state.violations.push(
      `${request.operationId} (${request.method} ${new URL(request.url).pathname}) from ${where} in test "${request.test ?? '(outside a test)'}": ` +
        `the hosted API would refuse the body: ${problems.join('; ')}\n    body: ${request.payload}`,
    );
  }
}

const currentTest = () => expect.getState().currentTestName;
const onRequest = (message: unknown) => check({ ...(message as PublishedRequest), test: currentTest() });
// A worker that runs files one after another keeps the channel's subscribers too: one left by an
// earlier file (its afterAll cut short) would record every request a second time.
if (state.subscriber) unsubscribe(REQUEST_CHANNEL, state.subscriber);
state.subscriber = onRequest;
subscribe(REQUEST_CHANNEL, onRequest);

const dir = mkdtempSync(join(tmpdir(), 'statusctl-parity-'));
const captureFile = join(dir, 'requests.jsonl');
let readUpTo = 0;
process.env.PARITY_CAPTURE_FILE = captureFile;
// Quoted as NODE_OPTIONS reads a value with spaces or backslashes in it (JSON's escapes are its own).
const requireFlag = `--require=${JSON.stringify(join(import.meta.dirname, 'capture.cjs'))}`;
if (!process.env.NODE_OPTIONS?.includes(requireFlag)) {
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, requireFlag].filter(Boolean).join(' ');
}

function readChildren(): void {
  let text: string;
  try {
    text = readFileSync(captureFile, 'utf8');
  } catch {
    return;
  }
  const fresh = text.slice(readUpTo);
  const complete = fresh.lastIndexOf('\n') + 1;
  readUpTo += complete;
  for (const line of fresh.slice(0, complete).split('\n')) {
    if (line) check({ ...(JSON.parse(line) as Captured), test: currentTest() });
  }
}

state.readChildren = readChildren;
state.checkPending = checkPending;

async function failOnViolations(): Promise<void> {
  readChildren();
  await checkPending();
  const found = state.violations.splice(0);
  if (found.length) throw new Error(`request parity with the hosted API:\n  ${found.join('\n  ')}`);
}

afterEach(failOnViolations);
afterAll(async () => {
  try {
    await failOnViolations();
  } finally {
    unsubscribe(REQUEST_CHANNEL, onRequest);
    rmSync(dir, { recursive: true, force: true });
  }
});
