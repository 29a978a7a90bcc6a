// docs/api-rules.md#live-streams: an automation rule fired by a check session's run (the
// server runs the check after --run-delay, on its clock) is an `incident` event on its page's
// stream, as one fired by a result posted through the API is: both go through the same path.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../support/clock.js';
import { ACCOUNT_A, expectSuccess, openStream, startTestServer } from './helpers.js';
import { nextEvent } from './v3-status-page-helpers.js';

describe("a check session's rule firing on the live stream", () => {
  it('the incident a rule opens on a check session’s failed run is an event on its page’s stream', async () => {
    const clock = manualClock();
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: clock.now, sleep: clock.sleep, runDelayMs: 500 });
    const url = 'session-rule-events';
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
          tags: ['session-tag'],
          components: [{ componentId: api.id, targetImpact: 'MAJOR_OUTAGE' }],
        },
      }),
      201,
    );
    const checkId = '00000000-0000-4000-8000-00000000c5e1';
    const body = { checkId, name: 'API check', checkType: 'API', tags: ['session-tag'], outcome: 'passed' };
    expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body }), 201);
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/${url}/events`);
    expect(await stream.next()).toBe('retry: 2000\n: connected');

    const next = await server.call('PUT', `/_reference/checks/${checkId}/next-outcome`, { body: { outcome: 'failed' } });
    expectSuccess('setCheckNextOutcome', next, 200);
    const started = expectSuccess(
      'triggerCheckSessions',
      await server.call('POST', '/v2/check-sessions/trigger', { body: { target: { checkId: [checkId] } } }),
      201,
    );
    const sessionId = started.sessions[0].checkSessionId;
    const waiting = server.call('GET', `/v2/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
    await clock.sleeping();
    clock.advance(500);
    expect(expectSuccess('awaitCheckSession', await waiting, 200)).toMatchObject({ status: 'FAILED' });

    const { incidentId } = expectSuccess('getV3AutomationRule', await server.call('GET', `${base}/automation-rules/${rule.id}`), 200);
    expect(incidentId).toEqual(expect.any(String));
    expect(await nextEvent(stream)).toBe(`event: incident\ndata: {"incidentId":"${incidentId}"}`);
    stream.close();
  });
});
