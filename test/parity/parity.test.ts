// The request-parity check itself (setup.ts): it must see the requests of this process and of
// CLI processes, and a body the hosted API would refuse must become a failure naming the
// operation, the field and the test. Without this file, a capture that silently saw nothing
// would pass everything.
import { channel } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, REQUEST_CHANNEL } from '../../src/client/index.js';
import { routes, type OperationId } from '../../src/contract/table.js';
import { demoIds, type RunningServer } from '../../src/server/index.js';
import { startTestServer } from '../support/server.js';
import { runCli, TEST_ACCOUNT } from '../cli/helpers.js';
import type { ParityState } from './setup.js';
import { upstreamBodyProblems, upstreamHasBody } from './upstream-requests.js';

const parity = (globalThis as { __statusctlParity?: ParityState }).__statusctlParity!;
const ACCOUNT = TEST_ACCOUNT.id;
const service = { id: demoIds(ACCOUNT).services.webApp, name: 'Web App', accountId: ACCOUNT };
const valid = { name: 'Checkout down', severity: 'MAJOR', services: [service], incidentUpdates: [{ description: 'Investigating' }] };

describe('the upstream request schemas', () => {
  it("exist for exactly the operations of ours that take a body and are not the reference server's own", () => {
    const ids = Object.keys(routes) as OperationId[];
    const withBody = ids.filter(upstreamHasBody);
    const ours = ids.filter((id) => 'bodyRequired' in routes[id] && !('referenceOnly' in routes[id]));
    expect(withBody).toEqual(ours);
    expect(withBody).toContain('createIncident');
  });

  // The PATCH the document leaves out (docs/api-rules.md#beyond-the-hosted-document): each field as the PUT takes it, none required.
  it('check a body beyond the document against the PUT it follows, without its required fields', () => {
    expect(upstreamBodyProblems('patchIncident', JSON.stringify({ severity: 'CRITICAL' }))).toEqual([]);
    expect(upstreamBodyProblems('patchIncident', JSON.stringify({ name: 'x'.repeat(256) }))).toEqual([
      'name: must NOT have more than 255 characters',
    ]);
    expect(upstreamBodyProblems('patchIncident', JSON.stringify({ services: [{ id: service.id }] }))).toEqual([
      'services[0].name: is required',
      'services[0].accountId: is required',
    ]);
  });

  it('accept a body as upstream describes it', () => {
    expect(upstreamBodyProblems('createIncident', JSON.stringify(valid))).toEqual([]);
    expect(upstreamBodyProblems('requestRootCauseAnalysis', 'null')).toEqual([]);
    expect(upstreamBodyProblems('requestRootCauseAnalysis', undefined)).toEqual([]);
  });

  it.each([
    [
      'the old CLI body: services as {id}',
      { ...valid, services: [{ id: service.id }] },
      ['services[0].name: is required', 'services[0].accountId: is required'],
    ],
    ['no first update', { ...valid, incidentUpdates: [] }, ['incidentUpdates: must hold exactly 1 item(s) (x-constraint length)']],
    [
      'a service id that is no UUID',
      { ...valid, services: [{ ...service, id: 'svc-1' }] },
      ['services[0].id: must be a UUID (x-format guid)'],
    ],
    ['a bad date', { ...valid, created_at: '10/03/2025' }, ['created_at: must match format "date"']],
    ['null where upstream is not nullable', { ...valid, updated_at: null }, ['updated_at: must be string']],
  ])('refuse %s, naming the field', (_name, body, problems) => {
    expect(upstreamBodyProblems('createIncident', JSON.stringify(body))).toEqual(problems);
  });
});

describe('the capture', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ accounts: [TEST_ACCOUNT] });
  });
  afterAll(() => server?.close());

  it("sees the client's requests in this process, with the test that sent them", async () => {
    const client = createClient({ baseUrl: server.url, apiKey: TEST_ACCOUNT.key });
    const before = parity.seen.length;
    const incident = await client.createIncident({ body: valid as Parameters<typeof client.createIncident>[0]['body'] });
    const seen = parity.seen.slice(before);
    expect(seen).toEqual([
      expect.objectContaining({
        operationId: 'createIncident',
        method: 'POST',
        payload: JSON.stringify(valid),
        test: "the capture > sees the client's requests in this process, with the test that sent them",
      }),
    ]);
    expect(seen[0]!.pid).toBeUndefined();
    expect(incident.services[0]!.id).toBe(service.id);
  });

  it('sees what a CLI process sends', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: TEST_ACCOUNT.key });
    const incident = await client.createIncident({ body: valid as Parameters<typeof client.createIncident>[0]['body'] });
    const env = { STATUSCTL_BASE_URL: server.url, STATUSCTL_API_KEY: TEST_ACCOUNT.key };
    const result = await runCli(['incident-updates', 'add', incident.id, '--message', 'Rolled back'], { env });
    expect(result.code, result.stderr).toBe(0);
    parity.readChildren();
    const fromCli = parity.seen.filter((request) => request.pid !== undefined && request.operationId === 'createIncidentUpdate');
    expect(fromCli).toEqual([expect.objectContaining({ method: 'POST', payload: expect.stringContaining('Rolled back') })]);
  });

  it('turns a body upstream would refuse into a failure naming the operation, the field and the test', async () => {
    channel(REQUEST_CHANNEL).publish({
      operationId: 'createIncident',
      method: 'POST',
      url: `${server.url}/v1/status-pages/incidents`,
      payload: JSON.stringify({ ...valid, services: [{ id: service.id }] }),
    });
    await parity.checkPending();
    // Taken here so that this test passes; setup.ts's afterEach would throw them.
    const [violation, ...rest] = parity.violations.splice(0);
    expect(rest).toEqual([]);
    expect(violation).toContain('createIncident (POST /v1/status-pages/incidents) from the client');
    expect(violation).toContain('services[0].name: is required; services[0].accountId: is required');
    expect(violation).toContain(
      'in test "the capture > turns a body upstream would refuse into a failure naming the operation, the field and the test"',
    );
  });
});
