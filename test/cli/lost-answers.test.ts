// A write whose answer is lost is settled by reading back, never repeated blindly. The CLI runs
// against the reference server through a fault-injecting relay on a real port
// (test/support/fault-relay.ts) that either drops the write before the server (not applied) or
// loses the answer after the server applied it (reset, body cut short, no answer in time). Each
// case runs repeatedly; every run must end with exactly one incident / one update and exit 0.
// The repeated runs go through the CLI in this process (the client's own sockets to the relay,
// the same code path as the binary, without starting Node for each run), and so do the cases
// that cannot be settled but one: where reading back cannot tell (two matches, the read fails
// too, no read exists), the CLI exits 1 saying the write may have been applied and how to
// check, and nothing is sent again. The built binary runs the bulk case and the one with no
// read (rca request), so an exit 1 of this kind is seen through the binary too. The read that
// fails has its retries on a test clock (test/support/clock.ts) instead of waiting in real
// time. The MCP tools (the binary's `mcp`, driven by the SDK's client) get the same outcomes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultOncePerBody, startFaultRelay, type Fault, type FaultRelay, type RelayedRequest } from '../support/fault-relay.js';
import { type TestClock, testClock } from '../support/clock.js';
import { BIN, cleanEnv, parseJson, ROOT, runCli, useTestServer, type RunResult } from './helpers.js';

const RUNS = 10;
/** CLI runs at a time: enough to overlap, not so many that a shared machine starves them. */
const AT_ONCE = 4;
const INCIDENTS = '/v1/status-pages/incidents';

const test = useTestServer({ rcaDelayMs: 0 });
let relay: FaultRelay;
let service: { id: string; name: string; accountId: string };

interface Update {
  id: string;
  description: string;
  status: string;
}
interface Incident {
  id: string;
  name: string;
  lastUpdateStatus: string;
  incidentUpdates: Update[];
}

beforeAll(async () => {
  relay = await startFaultRelay(test.server.url);
  const pages = (await direct('GET', '/v1/status-pages')) as { entries: { cards: { services: (typeof service)[] }[] }[] };
  const first = pages.entries[0]!.cards[0]!.services[0]!;
  service = { id: first.id, name: first.name, accountId: first.accountId };
});
afterAll(async () => {
  await relay?.close();
});

/** A request straight to the server (not through the relay, not the CLI's). */
async function direct(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, test.server.url), {
    method,
    headers: {
      authorization: `Bearer ${test.server.account.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function allIncidents(): Promise<Incident[]> {
  const all: Incident[] = [];
  let nextId: string | null = null;
  do {
    const page = (await direct('GET', `${INCIDENTS}?limit=100${nextId ? `&nextId=${nextId}` : ''}`)) as {
      entries: Incident[];
      nextId: string | null;
    };
    all.push(...page.entries);
    nextId = page.nextId;
  } while (nextId);
  return all;
}

async function newIncident(name: string): Promise<Incident> {
  return (await direct('POST', INCIDENTS, {
    name,
    severity: 'MINOR',
    services: [service],
    incidentUpdates: [{ description: `Opened: ${name}` }],
  })) as Incident;
}

const getIncident = async (id: string) => (await direct('GET', `${INCIDENTS}/${id}`)) as Incident;

/** The built binary through the relay, as the test server's account. */
function cli(args: string[]): Promise<RunResult> {
  return runCli(args, { env: { ...test.server.env, STATUSCTL_BASE_URL: relay.url } });
}

/** The same in this process; its waits (retries) on `clock` when one is given. */
function cliInProcess(args: string[], clock?: TestClock): Promise<RunResult> {
  return runCli(args, { env: { ...test.server.env, STATUSCTL_BASE_URL: relay.url }, inProcess: true, ...(clock ? { clock } : {}) });
}

/** `incidents create` of an incident named `name` on the first service, severity minor, then `extra`. */
function createArgs(name: string, ...extra: string[]): string[] {
  return ['incidents', 'create', '--name', name, '--severity', 'minor', '--service', service.id, ...extra];
}

/** `run` for each item, AT_ONCE at a time, results in order. */
async function inBatches<T, R>(items: T[], run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += AT_ONCE) {
    results.push(...(await Promise.all(items.slice(start, start + AT_ONCE).map((item, offset) => run(item, start + offset)))));
  }
  return results;
}

/**
 * `args(item)` through the CLI in this process for each item, AT_ONCE at a time: every run
 * settles its lost answer, and the relay did `fault` to one write of each. Results in order.
 */
async function settledRuns<T>(items: T[], fault: Fault, args: (item: T) => string[]): Promise<RunResult[]> {
  const results = await inBatches(items, (item) => cliInProcess(args(item)));
  for (const result of results) expectSettled(result, fault);
  expect(faulted(fault)).toBe(items.length);
  return results;
}

/** From now on the first POST of each body to a path that `matches` gets `fault`; the relay's log starts afresh. */
function faultWrites(matches: (path: string) => boolean, fault: Fault): void {
  relay.log.length = 0;
  relay.decide = faultOncePerBody((request: RelayedRequest) => request.method === 'POST' && matches(request.path), fault);
}
const toIncidents = (path: string) => path === INCIDENTS;
const toUpdates = (path: string) => path.endsWith('/incident-updates');
const runs = (label: string) => Array.from({ length: RUNS }, (_, index) => `${label} ${index} ${process.pid}`);
const faulted = (fault: Fault) => relay.log.filter((entry) => entry.fault === fault).length;

/** A run that settled its lost answer: exit 0, and on stderr what was found for this kind of fault. */
function expectSettled(result: RunResult, fault: Fault): void {
  expect(result.code, result.stderr).toBe(0);
  if (fault === 'drop-request')
    expect(result.stderr).toMatch(
      /note: the answer to POST \S+ was lost \(.+\); reading back did not find the \w+, so it was not applied: sending it again/,
    );
  else
    expect(result.stderr).toMatch(
      /note: the answer to POST \S+ was lost \(.+\); reading back found the \w+ \([0-9a-f-]{36}\): the write was applied once/,
    );
}

const FAULTS = ['drop-request', 'reset-after-apply', 'cut-body-after-apply'] as const satisfies Fault[];

describe.each(FAULTS)('a lost answer (%s), settled by reading back', (fault) => {
  it(`incidents create: ${RUNS} runs, each exit 0 and exactly one incident`, { timeout: 180_000 }, async () => {
    faultWrites(toIncidents, fault);
    const names = runs(`Create ${fault}`);
    const results = await settledRuns(names, fault, (name) => createArgs(name, '--message', `First: ${name}`, '-o', 'json'));
    const incidents = await allIncidents();
    names.forEach((name, index) => {
      const made = incidents.filter((incident) => incident.name === name);
      expect(made, `incidents named ${name}`).toHaveLength(1);
      expect(parseJson<Incident>(results[index]!).id).toBe(made[0]!.id);
    });
  });

  it(`incident-updates add: ${RUNS} runs, each exit 0 and exactly one update`, { timeout: 180_000 }, async () => {
    const incidents = await Promise.all(runs(`Add ${fault}`).map(newIncident));
    faultWrites(toUpdates, fault);
    const results = await settledRuns(incidents, fault, (incident) => [
      'incident-updates',
      'add',
      incident.id,
      '--message',
      `Update: ${incident.name}`,
      '--status',
      'monitoring',
      '-o',
      'json',
    ]);
    for (const [index, incident] of incidents.entries()) {
      const updates = (await getIncident(incident.id)).incidentUpdates.filter(
        (update) => update.description === `Update: ${incident.name}`,
      );
      expect(updates, `updates of ${incident.name}`).toHaveLength(1);
      expect(parseJson<Update>(results[index]!).id).toBe(updates[0]!.id);
    }
  });

  it(`incidents resolve: ${RUNS} runs, each exit 0 and exactly one RESOLVED update`, { timeout: 180_000 }, async () => {
    const incidents = await Promise.all(runs(`Resolve ${fault}`).map(newIncident));
    faultWrites(toUpdates, fault);
    await settledRuns(incidents, fault, (incident) => [
      'incidents',
      'resolve',
      incident.id,
      '--message',
      `Fixed: ${incident.name}`,
      '-o',
      'json',
    ]);
    for (const incident of incidents) {
      const stored = await getIncident(incident.id);
      expect(
        stored.incidentUpdates.filter((update) => update.status === 'RESOLVED'),
        `RESOLVED updates of ${incident.name}`,
      ).toHaveLength(1);
      expect(stored.lastUpdateStatus).toBe('RESOLVED');
    }
  });
});

describe('a lost answer that reading back settles, other ways', () => {
  it('no answer in time (--timeout): the incident is found, exit 0, one incident', { timeout: 60_000 }, async () => {
    faultWrites(toIncidents, 'hold-after-apply');
    const name = `Held ${process.pid}`;
    const result = await cliInProcess(createArgs(name, '--timeout', '1'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /note: the answer to POST \/v1\/status-pages\/incidents was lost \(no response within 1000 ms\); reading back found the incident/,
    );
    expect(result.stdout).toContain(`name\t${name}`);
    expect((await allIncidents()).filter((incident) => incident.name === name)).toHaveLength(1);
  });

  it('statusctl api on a route of the table: a cut answer is settled the same way', { timeout: 60_000 }, async () => {
    const incident = await newIncident(`Api ${process.pid}`);
    faultWrites(toUpdates, 'cut-body-after-apply');
    const text = `Rolled back ${process.pid}`;
    const result = await cliInProcess([
      'api',
      `${INCIDENTS}/${incident.id}/incident-updates`,
      '-f',
      `description=${text}`,
      '-f',
      'status=MONITORING',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('reading back found the update');
    const updates = (await getIncident(incident.id)).incidentUpdates.filter((update) => update.description === text);
    expect(updates).toHaveLength(1);
    expect(parseJson<Update>(result).id).toBe(updates[0]!.id);
  });
});

describe('several ids at once', () => {
  it('incidents resolve A B C...: each lost answer settled on its own, one RESOLVED update each, exit 0', { timeout: 60_000 }, async () => {
    const incidents = await Promise.all(runs('Bulk').slice(0, 6).map(newIncident));
    const planned = new Map<string, Fault>(
      incidents.map((incident, index) => [`${INCIDENTS}/${incident.id}/incident-updates`, FAULTS[index % FAULTS.length]!]),
    );
    const done = new Set<string>();
    relay.log.length = 0;
    relay.decide = (request) => {
      const fault = request.method === 'POST' ? planned.get(request.path) : undefined;
      if (!fault || done.has(request.path)) return 'pass';
      done.add(request.path);
      return fault;
    };
    const result = await cli([
      'incidents',
      'resolve',
      ...incidents.map((incident) => incident.id),
      '--message',
      'Fixed in bulk',
      '--concurrency',
      '3',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t').slice(0, 2)),
    ).toEqual(incidents.map((incident) => [incident.id, 'resolved']));
    expect(result.stderr.match(/sending it again/g)).toHaveLength(2);
    expect(result.stderr.match(/the write was applied once/g)).toHaveLength(4);
    for (const incident of incidents) {
      expect((await getIncident(incident.id)).incidentUpdates.filter((update) => update.status === 'RESOLVED')).toHaveLength(1);
    }
    expect(relay.log.filter((entry) => entry.fault !== 'pass')).toHaveLength(6);
  });
});

describe('a lost answer that cannot be settled: exit 1, may have been applied, how to check, nothing resent', () => {
  it('two incidents match what was sent (the write arrived twice): both named, none added', { timeout: 120_000 }, async () => {
    faultWrites(toIncidents, 'duplicate-then-reset');
    for (const name of runs('Twice').slice(0, 3)) {
      relay.log.length = 0;
      const result = await cliInProcess(createArgs(name));
      const made = (await allIncidents()).filter((incident) => incident.name === name);
      expect(made).toHaveLength(2);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^statusctl: connection reset \(ECONNRESET\) to http:\/\/127\.0\.0\.1:\d+ \(POST \/v1\/status-pages\/incidents\): the answer was lost, so the incident may have been applied; reading back could not tell \(2 incidents match what was sent: [0-9a-f-]{36}, [0-9a-f-]{36}\), so it was not sent again\n/,
      );
      for (const incident of made) expect(result.stderr).toContain(`statusctl incidents get ${incident.id}`);
      expect(result.stderr).toMatch(
        /\nhint: check with 'statusctl incidents get [0-9a-f-]{36}', 'statusctl incidents get [0-9a-f-]{36}' before running the command again\n$/,
      );
      expect(relay.log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
    }
  });

  it('the read fails too: the update may have been added, check with incidents get', { timeout: 60_000 }, async () => {
    const incident = await newIncident(`Unreadable ${process.pid}`);
    const text = `Unsettled ${process.pid}`;
    let written = false;
    relay.log.length = 0;
    relay.decide = (request) => {
      if (request.method === 'POST') {
        written = true;
        return 'reset-after-apply';
      }
      return written ? 'drop-request' : 'pass';
    };
    // The read is a GET, tried three times: its retries wait on the clock, not in real time.
    const clock = testClock();
    const result = await cliInProcess(['incident-updates', 'add', incident.id, '--message', text], clock);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      'the answer was lost, so the update may have been applied; reading back could not tell (reading it back failed too:',
    );
    expect(clock.slept).toHaveLength(2);
    expect(result.stderr).toContain(`hint: check with 'statusctl incidents get ${incident.id}' before running the command again`);
    expect((await getIncident(incident.id)).incidentUpdates.filter((update) => update.description === text)).toHaveLength(1);
    expect(relay.log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
  });

  it('rca request has no read that can tell: it says so and does not send a second request', { timeout: 60_000 }, async () => {
    const group = (await direct('POST', '/_reference/error-events', {
      checkId: 'check-lost',
      rawErrorMessage: 'Error: socket hang up',
    })) as { id: string };
    relay.log.length = 0;
    relay.decide = (request) => (request.method === 'POST' ? 'reset-after-apply' : 'pass');
    const result = await cli(['rca', 'request', group.id]);
    expect(result.code, result.stderr).toBe(1);
    // The group's line: its id, failed, and why.
    expect(result.stdout).toMatch(
      new RegExp(
        `^${group.id}\tfailed\t.*the answer was lost, so the request may have been applied; no read can tell, so it was not sent again`,
      ),
    );
    expect(result.stderr).toContain(`hint: ${group.id}: `);
    expect(relay.log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
  });
});

describe('the MCP tools get the same outcome', () => {
  let client: Client;

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: ROOT,
      env: cleanEnv({ ...test.server.env, STATUSCTL_BASE_URL: relay.url }) as Record<string, string>,
      stderr: 'pipe',
    });
    client = new Client({ name: 'statusctl-test', version: '0.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
  });

  const texts = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : ''));

  it('create_incident whose answer was reset: a success with the incident, and a note', async () => {
    faultWrites(toIncidents, 'reset-after-apply');
    const name = `Mcp ${process.pid}`;
    const result = (await client.callTool({
      name: 'create_incident',
      arguments: { name, severity: 'MINOR', services: [service], incidentUpdates: [{ description: 'Investigating' }] },
    })) as CallToolResult;
    const made = (await allIncidents()).filter((incident) => incident.name === name);
    expect(made).toHaveLength(1);
    expect(result.isError ?? false).toBe(false);
    expect((result.structuredContent as { id: string }).id).toBe(made[0]!.id);
    expect(texts(result)[1]).toMatch(/^note: the answer to POST \/v1\/status-pages\/incidents was lost .*: the write was applied once$/);
  });

  it('create_incident that cannot be settled: an error saying it may have been applied and what to read', async () => {
    faultWrites(toIncidents, 'duplicate-then-reset');
    const name = `Mcp twice ${process.pid}`;
    const result = (await client.callTool({
      name: 'create_incident',
      arguments: { name, severity: 'MINOR', services: [service], incidentUpdates: [{ description: 'Investigating' }] },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(
      /may have been applied; reading back could not tell \(2 incidents match what was sent: .*Check with GET \/v1\/status-pages\/incidents before calling the tool again\.$/,
    );
    expect((await allIncidents()).filter((incident) => incident.name === name)).toHaveLength(2);
  });
});
