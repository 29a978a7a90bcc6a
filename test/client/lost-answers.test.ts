// The client settles a write whose answer was lost by reading back, and a DELETE by sending it
// again (src/client/settle.ts), on both HTTP stacks: the reference server on a real port behind
// the fault-injecting relay of test/support/fault-relay.ts. The CLI's runs through the built
// binary are in test/cli/lost-answers.test.ts; here, what the client itself returns and reports.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createClient,
  WriteMayBeAppliedError,
  type Client,
  type LostAnswerNote,
  type RequestEvent,
} from '../../src/client/index.js';
import type { CreateIncidentInput } from '../../src/contract/schemas.js';
import type { RunningServer } from '../../src/server/index.js';
import { startTestServer } from '../support/server.js';
import { faultOncePerBody, startFaultRelay, type Fault, type FaultRelay, type RelayedRequest } from '../support/fault-relay.js';

const ACCOUNT = { id: '7e570000-0000-4000-8000-00000000c0de', key: 'sk_test_lost_answers_0123' };
const INCIDENTS = '/v1/status-pages/incidents';

let server: RunningServer;
let relay: FaultRelay;
let service: { id: string; name: string; accountId: string };
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({ accounts: [ACCOUNT], rcaDelayMs: 0 });
  relay = await startFaultRelay(server.url);
  const first = (await direct().listStatusPages({})).entries[0]!.cards[0]!.services[0]!;
  service = { id: first.id, name: first.name, accountId: first.accountId };
});
afterAll(async () => {
  await relay?.close();
  await server?.close();
});

/** A client straight to the server, for setting up and counting. */
function direct(): Client {
  return createClient({ baseUrl: server.url, apiKey: ACCOUNT.key, accountId: ACCOUNT.id, retries: 0, http: 'node' });
}

function throughRelay(http: 'undici' | 'node', baseUrl = relay.url) {
  const notes: LostAnswerNote[] = [];
  const events: RequestEvent[] = [];
  const client = createClient({
    baseUrl,
    apiKey: ACCOUNT.key,
    accountId: ACCOUNT.id,
    http,
    onLostAnswer: (note) => notes.push(note),
    onRequest: (event) => events.push(event),
    sleep: async () => {},
  });
  return { client, notes, events };
}

const posts = (path: (request: RelayedRequest) => boolean) => (request: RelayedRequest) => request.method === 'POST' && path(request);

function incidentBody(name: string): CreateIncidentInput {
  return { name, severity: 'MINOR', services: [service], incidentUpdates: [{ description: `First: ${name}` }] };
}

async function incidentsNamed(name: string) {
  return (await direct().listIncidents({ query: { limit: '100' } })).entries.filter((incident) => incident.name === name);
}

describe.each(['undici', 'node'] as const)('lost answers over %s', (http) => {
  it('an incident created but answered with a reset is found: its body is the result, a note says so', async () => {
    const name = `Client reset ${http} ${++counter}`;
    relay.decide = faultOncePerBody(
      posts((request) => request.path === INCIDENTS),
      'reset-after-apply',
    );
    const { client, notes } = throughRelay(http);
    const { status, body, lostAnswer } = await client.call('createIncident', { body: incidentBody(name) });
    const stored = await incidentsNamed(name);
    expect(stored).toHaveLength(1);
    expect(status).toBe(201);
    expect(body.id).toBe(stored[0]!.id);
    expect(lostAnswer).toMatchObject({ outcome: 'confirmed', method: 'POST', path: INCIDENTS, id: stored[0]!.id });
    expect(notes).toEqual([lostAnswer]);
  });

  it('an update dropped before the server is sent again once: one update, a note says it was resent', async () => {
    const incident = await direct().createIncident({ body: incidentBody(`Client drop ${http} ${++counter}`) });
    const description = `Dropped ${http} ${counter}`;
    relay.log.length = 0;
    relay.decide = faultOncePerBody(
      posts((request) => request.path.endsWith('/incident-updates')),
      'drop-request',
    );
    const { client, notes } = throughRelay(http);
    const update = await client.createIncidentUpdate({ params: { incidentId: incident.id }, body: { description } });
    const timeline = (await direct().getIncident({ params: { incidentId: incident.id } })).incidentUpdates;
    expect(timeline.filter((entry) => entry.description === description).map((entry) => entry.id)).toEqual([update.id]);
    expect(notes.map((note) => note.outcome)).toEqual(['resent']);
    expect(relay.log.map((entry) => `${entry.method} ${entry.fault}`)).toEqual(['POST drop-request', 'GET pass', 'POST pass']);
  });

  it('a body cut short after a 201 is settled by the read, never by a second write', async () => {
    const name = `Client cut ${http} ${++counter}`;
    relay.log.length = 0;
    relay.decide = faultOncePerBody(
      posts((request) => request.path === INCIDENTS),
      'cut-body-after-apply',
    );
    const { client, notes } = throughRelay(http);
    const incident = await client.createIncident({ body: incidentBody(name) });
    expect((await incidentsNamed(name)).map((stored) => stored.id)).toEqual([incident.id]);
    expect(notes[0]?.message).toMatch(
      /^the answer to POST \/v1\/status-pages\/incidents was lost \(201 Created but the body was cut short/,
    );
    expect(relay.log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
  });

  it("a gateway's 504 after the server applied the incident is settled by the read: one incident, confirmed", async () => {
    const name = `Client gateway timeout ${http} ${++counter}`;
    relay.log.length = 0;
    relay.decide = faultOncePerBody(
      posts((request) => request.path === INCIDENTS),
      'gateway-timeout-after-apply',
    );
    const { client, notes } = throughRelay(http);
    const incident = await client.createIncident({ body: incidentBody(name) });
    expect((await incidentsNamed(name)).map((stored) => stored.id)).toEqual([incident.id]);
    expect(notes.map((note) => note.outcome)).toEqual(['confirmed']);
    expect(notes[0]?.message).toMatch(/^the answer to POST \/v1\/status-pages\/incidents was lost \(.*504/);
    expect(relay.log.map((entry) => `${entry.method} ${entry.fault}`)).toEqual(['POST gateway-timeout-after-apply', 'GET pass']);
  });

  it("a gateway's 502 that never reached the server: the read shows nothing, it is sent again once", async () => {
    const incident = await direct().createIncident({ body: incidentBody(`Client bad gateway ${http} ${++counter}`) });
    const description = `Bad gateway ${http} ${counter}`;
    relay.log.length = 0;
    relay.decide = faultOncePerBody(
      posts((request) => request.path.endsWith('/incident-updates')),
      'bad-gateway',
    );
    const { client, notes } = throughRelay(http);
    const update = await client.createIncidentUpdate({ params: { incidentId: incident.id }, body: { description } });
    const timeline = (await direct().getIncident({ params: { incidentId: incident.id } })).incidentUpdates;
    expect(timeline.filter((entry) => entry.description === description).map((entry) => entry.id)).toEqual([update.id]);
    expect(notes.map((note) => note.outcome)).toEqual(['resent']);
    expect(relay.log.map((entry) => `${entry.method} ${entry.fault}`)).toEqual(['POST bad-gateway', 'GET pass', 'POST pass']);
  });

  it("a gateway's 503 is a refusal, not a lost answer: no read, nothing sent again, the error as it came", async () => {
    const name = `Client unavailable ${http} ${++counter}`;
    relay.log.length = 0;
    relay.decide = faultOncePerBody(
      posts((request) => request.path === INCIDENTS),
      'unavailable',
    );
    const { client, notes } = throughRelay(http);
    const error = await client.createIncident({ body: incidentBody(name) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(WriteMayBeAppliedError);
    expect((error as ApiError).status).toBe(503);
    expect(notes).toEqual([]);
    expect(relay.log.map((entry) => `${entry.method} ${entry.fault}`)).toEqual(['POST unavailable']);
    expect(await incidentsNamed(name)).toEqual([]);
  });

  it('raw requests on a route of the table are settled the same way (statusctl api)', async () => {
    const incident = await direct().createIncident({ body: incidentBody(`Client raw ${http} ${++counter}`) });
    const description = `Raw ${http} ${counter}`;
    relay.decide = faultOncePerBody(
      posts((request) => request.path.endsWith('/incident-updates')),
      'reset-after-apply',
    );
    const { client, notes } = throughRelay(http);
    const response = await client.raw({ method: 'POST', path: `${INCIDENTS}/${incident.id}/incident-updates`, body: { description } });
    expect(response.status).toBe(200);
    expect(response.lostAnswer?.outcome).toBe('confirmed');
    expect(notes).toHaveLength(1);
    expect((response.body as { description: string }).description).toBe(description);
  });

  it('a request analysis whose answer is lost is not sent again: WriteMayBeAppliedError without a read', async () => {
    const group = await direct().recordErrorEvent({ body: { checkId: 'check-lost', rawErrorMessage: `Error ${http}` } });
    relay.log.length = 0;
    relay.decide = (request) => (request.method === 'POST' ? 'reset-after-apply' : 'pass');
    const { client, notes } = throughRelay(http);
    const error = await client
      .requestRootCauseAnalysis({ params: { testSessionErrorGroupId: group.id } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WriteMayBeAppliedError);
    expect((error as WriteMayBeAppliedError).check).toBeUndefined();
    expect((error as WriteMayBeAppliedError).kind).toBe('network');
    expect(notes).toEqual([]);
    expect(relay.log.map((entry) => entry.method)).toEqual(['POST']);
  });

  it('a write that never left (connection refused) fails as before: no read, no "may have been applied"', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { client, events } = throughRelay(http, `http://127.0.0.1:${port}`);
    const error = await client.createIncident({ body: incidentBody('Never sent') }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(WriteMayBeAppliedError);
    expect(events.map((event) => event.method)).toEqual(['POST']);
  });
});

describe.each(['undici', 'node'] as const)('a DELETE whose answer was lost, over %s', (http) => {
  /** `fault` for the first DELETE of each path, then everything passes. */
  const firstDelete = (fault: Fault) => {
    const faulted = new Set<string>();
    return (request: RelayedRequest): Fault => {
      if (request.method !== 'DELETE' || faulted.has(request.path)) return 'pass';
      faulted.add(request.path);
      return fault;
    };
  };
  const deletedIncident = async (fault: Fault, options: { timeoutMs?: number } = {}) => {
    const incident = await direct().createIncident({ body: incidentBody(`Client delete ${fault} ${http} ${++counter}`) });
    relay.log.length = 0;
    relay.decide = firstDelete(fault);
    const notes: LostAnswerNote[] = [];
    const client = createClient({
      baseUrl: relay.url,
      apiKey: ACCOUNT.key,
      accountId: ACCOUNT.id,
      http,
      onLostAnswer: (note) => notes.push(note),
      sleep: async () => {},
      ...options,
    });
    const result = await client.call('deleteIncident', { params: { incidentId: incident.id } });
    const after = await direct()
      .getIncident({ params: { incidentId: incident.id } })
      .catch((caught: unknown) => caught);
    return { result, notes, after };
  };

  it.each(['reset-after-apply', 'gateway-timeout-after-apply'] as const)(
    '%s, then the retry is answered 404: done, with a note that it was already gone',
    async (fault) => {
      const { result, notes, after } = await deletedIncident(fault);
      expect(result).toMatchObject({ status: 204, lostAnswer: { outcome: 'already-gone', method: 'DELETE' } });
      expect(notes.map((note) => note.outcome)).toEqual(['already-gone']);
      expect(notes[0]!.message).toMatch(/sent again, it was already gone \(404\): the delete was done$/);
      expect(after).toMatchObject({ status: 404 });
      expect(relay.log.map((entry) => `${entry.method} ${entry.fault}`)).toEqual([`DELETE ${fault}`, 'DELETE pass']);
    },
  );

  it('no answer in time: sent again (a timeout is not retried by the transport), 404, done', async () => {
    const { result, notes, after } = await deletedIncident('hold-after-apply', { timeoutMs: 300 });
    expect(result).toMatchObject({ status: 204, lostAnswer: { outcome: 'already-gone' } });
    expect(notes.map((note) => note.outcome)).toEqual(['resent', 'already-gone']);
    expect(after).toMatchObject({ status: 404 });
  });

  it('a 404 with no answer lost before it stays a 404', async () => {
    relay.decide = () => 'pass';
    const { client, notes } = throughRelay(http);
    const error = await client
      .deleteIncident({ params: { incidentId: '00000000-0000-4000-8000-000000000000' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(notes).toEqual([]);
  });
});
