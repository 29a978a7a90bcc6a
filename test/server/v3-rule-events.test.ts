// docs/api-rules.md#live-streams on V3 pages: an incident an automation rule opens or resolves
// (on a check result) is an `incident` event on its page's live stream, as one written through
// the API is; a check result that changes no incident sends nothing. In memory and with --data
// (where the event follows the durable write). Streams over real HTTP.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../durability/helpers.js';
import { testClock } from '../support/clock.js';
import { ACCOUNT_A, expectSuccess, openStream, startTestServer, type TestServer } from './helpers.js';
import { nextEvent } from './v3-status-page-helpers.js';

const clock = testClock();

async function pageWithRule(server: TestServer, url: string, tag: string) {
  const page = expectSuccess('createV3StatusPage', await server.call('POST', '/v3/status-pages', { body: { name: url, url } }), 201);
  const base = `/v3/status-pages/${page.id}`;
  const api = expectSuccess(
    'createV3Component',
    await server.call('POST', `${base}/components`, { body: { name: 'API', displayOrder: 1 } }),
    201,
  );
  const rule = expectSuccess(
    'createV3AutomationRule',
    await server.call('POST', `${base}/automation-rules`, {
      body: {
        name: 'API failing',
        firstUpdate: 'Failing',
        lastUpdate: 'Back',
        tags: [tag],
        components: [{ componentId: api.id, targetImpact: 'MAJOR_OUTAGE' }],
      },
    }),
    201,
  );
  return { base, rule };
}

async function check(server: TestServer, checkId: string, tags: string[], outcome: 'passed' | 'failed') {
  const body = { checkId, name: 'API check', checkType: 'API', tags, outcome };
  expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body }), 201);
}

async function rulesIncidentTellsTheStream(server: TestServer, url: string) {
  const { base, rule } = await pageWithRule(server, url, `${url}-tag`);
  const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/${url}/events`);
  expect(await stream.next()).toBe('retry: 2000\n: connected');
  const checkId = '00000000-0000-4000-8000-00000000e7e1';
  // A result that changes no incident sends nothing: the stream's first event is the opening.
  await check(server, checkId, [`${url}-tag`], 'passed');
  await check(server, checkId, [`${url}-tag`], 'failed');
  const { incidentId } = expectSuccess('getV3AutomationRule', await server.call('GET', `${base}/automation-rules/${rule.id}`), 200);
  expect(incidentId).toEqual(expect.any(String));
  const event = `event: incident\ndata: {"incidentId":"${incidentId}"}`;
  expect(await nextEvent(stream)).toBe(event);
  // Failing again changes nothing; passing resolves it: the next event is the resolution.
  await check(server, checkId, [`${url}-tag`], 'failed');
  clock.advance(60_000);
  await check(server, checkId, [`${url}-tag`], 'passed');
  expect(await nextEvent(stream)).toBe(event);
  const incident = expectSuccess('getV3Incident', await server.call('GET', `${base}/incidents/${incidentId}`), 200);
  expect(incident.lastUpdateStatus).toBe('RESOLVED');
  // Nothing was sent in between: a write through the API is the stream's next event.
  const update = await server.call('POST', `${base}/incidents/${incidentId}/incident-updates`, {
    body: { description: 'Postmortem to follow', status: 'RESOLVED' },
  });
  expectSuccess('createV3IncidentUpdate', update, 201);
  expect(await nextEvent(stream)).toBe(event);
  stream.close();
}

describe("an automation rule's incidents on the live stream", () => {
  it('the incident a rule opens, then resolves, is an event on its page’s stream each time', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: clock.now });
    await rulesIncidentTellsTheStream(server, 'rule-events');
  });

  it('with --data too, once the write is durable', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], dataPath: join(tempDir(), 'data.jsonl'), now: clock.now });
    await rulesIncidentTellsTheStream(server, 'rule-events-durable');
  });
});
