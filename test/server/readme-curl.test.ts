// The "The API with curl" block of docs/reference-server.md, run as written with bash, curl and jq
// against the reference server on a real port: every request must succeed (curl --fail-with-body),
// and together they must call an operation of each part of the API (each toolset of the table, and
// the reference server's own routes), so a part added later is shown too. The complete list is the
// server's /openapi.json, derived from the table; a walk through every one of ninety operations
// would hide the way each part is used.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Row, routes } from '../../src/contract/operations.js';
import { startTestServer } from './helpers.js';

const README = readFileSync(new URL('../../docs/reference-server.md', import.meta.url), 'utf8');
const ACCOUNT = { id: '00000000-0000-4000-8000-00000000d3e0', key: 'sc_local_0123456789abcdef' };

/** The sh block that follows the words "The API with curl". */
function curlBlock(): string {
  const from = README.indexOf('## The API with curl');
  expect(from).toBeGreaterThan(-1);
  const start = README.indexOf('```sh\n', from) + '```sh\n'.length;
  return README.slice(start, README.indexOf('```', start));
}

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

describe("the README's curl block", () => {
  // A process per request, a hundred and more of them: on a loaded machine that takes longer than
  // a test's default limit; the script's own limit below still ends a hung request.
  it.skipIf(!has('curl') || !has('jq'))(
    'runs as written, every request answered 2xx, and calls every operation',
    { timeout: 90_000 },
    async () => {
      // With the test clock, whose route the block calls too.
      const server = await startTestServer({ accounts: [ACCOUNT], rcaDelayMs: 5, testClock: true });
      const block = curlBlock();
      expect(block).toMatch(/^API=http:\/\/127\.0\.0\.1:4010$/m);
      // The server of this test, and a curl that fails on an error answer (the block's own curl -s
      // would print it and go on).
      const script = [
        'set -euo pipefail',
        `KEY=${ACCOUNT.key} ACCOUNT=${ACCOUNT.id}`,
        'curl() { command curl --fail-with-body "$@"; }',
        block.replace(/^API=.*$/m, `API=${server.url}`),
      ].join('\n');
      // Asynchronous: the server answering it runs in this process. The access log has every request.
      await promisify(execFile)('bash', ['-c', script], { encoding: 'utf8', timeout: 60_000 });
      const answered = server.logs.filter((line) => /^[A-Z]+ \/\S* \d{3} /.test(line));
      expect(answered.filter((line) => !/ [23]\d\d /.test(line))).toEqual([]);
      const called = new Set(answered.map((line) => line.split(' ').slice(0, 2).join(' ')));
      const rows: readonly Row[] = Object.values(routes);
      const isCalled = (op: Row) => {
        const pattern = new RegExp(`^${op.method} ${op.path.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`);
        return [...called].some((call) => pattern.test(call));
      };
      const partOf = (op: Row) => (op.referenceOnly ? "the reference server's own routes" : `toolset ${op.toolset}`);
      const parts = new Set(rows.map(partOf));
      const shown = new Set(rows.filter(isCalled).map(partOf));
      expect([...parts].filter((part) => !shown.has(part))).toEqual([]);
      // A floor, so that the block cannot shrink to one call per part.
      expect(rows.filter(isCalled).length).toBeGreaterThan(rows.length / 2);
    },
  );
});
