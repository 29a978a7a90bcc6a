// The CLI's read commands against a mock of the hosted API made from its document alone (Prism,
// test/mock/prism.ts), through the built binary: every answer is one the hosted document allows
// and nothing more, so a command that only works because the reference server sends more than
// the document promises (a field it does not require, a format it does not state) fails here.
// Prism also checks each request against the document and answers 4xx for one it would refuse.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { type HostedMock, startHostedMock } from './prism.js';

const KEY = 'cu_mock0000000000000000000000000000';
const ACCOUNT = '11111111-2222-4333-8444-555555555555';
const ID = '497f6eca-6276-4993-bfeb-53cbbbba6f08';

/** Each read command, and the route whose answer it shows in JSON as the API gave it. */
const READS: { args: string[]; path: string }[] = [
  { args: ['runtimes', 'list'], path: '/v1/runtimes' },
  { args: ['runtimes', 'get', '2025.04'], path: '/v1/runtimes/2025.04' },
  { args: ['status-pages', 'get', ID], path: `/v1/status-pages/${ID}` },
  { args: ['services', 'get', ID], path: `/v1/status-pages/services/${ID}` },
  { args: ['incidents', 'get', ID], path: `/v1/status-pages/incidents/${ID}` },
  { args: ['incident-updates', 'get', ID, ID], path: `/v1/status-pages/incidents/${ID}/incident-updates/${ID}` },
  { args: ['error-groups', 'get', ID], path: `/v1/error-groups/${ID}` },
  { args: ['rca', 'get', ID], path: `/v1/root-cause-analyses/${ID}` },
];

/** Read commands whose JSON is the CLI's own list shape, checked for running cleanly only. */
const LISTS: string[][] = [
  ['status-pages', 'list'],
  ['components', 'list', ID],
  ['automation-rules', 'list', ID],
  ['services', 'list'],
  ['incidents', 'list'],
  ['incident-updates', 'list', ID],
  ['subscriptions', 'list', ID],
  ['error-groups', 'list'],
  ['heartbeats', 'events', ID],
  ['heartbeats', 'availability', ID],
  ['checks', 'status'],
  ['maintenance', 'list'],
  ['maintenance', 'get', '1'],
];

/**
 * Reads whose answer the document lets be null (a check with no status yet): the static examples
 * give a status; made-up values may give the null, which the command answers with exit 4, the
 * check not found among the statuses (test/cli/checks.test.ts).
 */
const STATIC_ONLY: string[][] = [['checks', 'status', ID]];

function env(mock: HostedMock): Record<string, string> {
  return { STATUSCTL_BASE_URL: mock.url, STATUSCTL_API_KEY: KEY, STATUSCTL_ACCOUNT_ID: ACCOUNT };
}

async function direct(mock: HostedMock, path: string): Promise<unknown> {
  const answer = await request(`${mock.url}${path}`, {
    headers: { authorization: `Bearer ${KEY}`, 'x-checkly-account': ACCOUNT },
  });
  expect(answer.statusCode, path).toBe(200);
  return answer.body.json();
}

describe('read commands against the hosted document, static examples', () => {
  let mock: HostedMock;
  beforeAll(async () => {
    mock = await startHostedMock({});
  });
  afterAll(() => mock.close());

  it.each(READS)('$args shows in JSON what the API answered', async ({ args, path }) => {
    const result = await runCli([...args, '-o', 'json'], { env: env(mock) });
    expect(result.stderr, result.stderr).not.toMatch(/does not match|unexpected answer|error:/i);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await direct(mock, path));
  });

  it.each([...LISTS, ...STATIC_ONLY].map((args) => ({ args })))('$args runs cleanly, in JSON and as a table', async ({ args }) => {
    for (const output of ['json', 'table']) {
      const result = await runCli([...args, '-o', output], { env: env(mock) });
      expect(result.code, `${output}: ${result.stderr}`).toBe(0);
      expect(result.stdout.length).toBeGreaterThan(0);
      if (output === 'json') JSON.parse(result.stdout);
    }
  });
});

describe('read commands against the hosted document, values made up within its schemas', () => {
  // Three seeds: each gives other lengths, nulls and enum values, repeatably.
  for (const seed of [1, 2, 3]) {
    describe(`seed ${seed}`, () => {
      let mock: HostedMock;
      beforeAll(async () => {
        mock = await startHostedMock({ dynamic: true, seed });
      });
      afterAll(() => mock.close());

      // Every read command twice, each a run of the binary: slow on a loaded machine, never hung.
      it('every read command exits 0 as a table and in JSON, and never crashes', { timeout: 120_000 }, async () => {
        const failures: string[] = [];
        for (const args of [...READS.map((read) => read.args), ...LISTS]) {
          for (const output of ['json', 'table']) {
            const result = await runCli([...args, '-o', output], { env: env(mock) });
            if (result.code !== 0) failures.push(`${args.join(' ')} -o ${output}: exit ${result.code}: ${result.stderr.trim()}`);
          }
        }
        expect(failures).toEqual([]);
      });
    });
  }
});
