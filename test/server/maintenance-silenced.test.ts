// docs/api-rules.md#silenced-alerts: while a maintenance silencing a tag (or all alerts) is in
// progress, the results of checks carrying it raise no alert (GET /v1/check-alerts) and fire no
// automation rule; once it has ended, a check still failing alerts and fires with its next result.
// A check without the tag alerts all along. The test clock moves by request. With --data, what
// was silenced stays so across a restart, and the maintenance's notices stay recorded.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../durability/helpers.js';
import { expectSuccess, type TestServer } from './helpers.js';
import { at, CLOCK, createWindow, maintenanceServer, moveClock } from './maintenance-helpers.js';

const SILENCED = '00000000-0000-4000-8000-0000000051e1';
const OTHER = '00000000-0000-4000-8000-0000000051e2';

async function result(server: TestServer, checkId: string, tags: string[], outcome: 'passed' | 'failed') {
  const body = { checkId, name: `Check ${checkId.slice(-2)}`, checkType: 'API', tags, outcome };
  expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body }), 201);
}

const alertsOf = async (server: TestServer, checkId: string) =>
  (expectSuccess('listAlertsOfCheck', await server.call('GET', `/v1/check-alerts/${checkId}`), 200) as any[]).map(
    (alert) => alert.alertType,
  );

/** A V3 page of its own with a rule on the tag. */
async function rule(server: TestServer, tag: string) {
  const page = expectSuccess(
    'createV3StatusPage',
    await server.call('POST', '/v3/status-pages', { body: { name: 'Silenced', url: 'silenced' } }),
    201,
  );
  const base = `/v3/status-pages/${page.id}`;
  const api = expectSuccess(
    'createV3Component',
    await server.call('POST', `${base}/components`, { body: { name: 'API', displayOrder: 1 } }),
    201,
  );
  const created = expectSuccess(
    'createV3AutomationRule',
    await server.call('POST', `${base}/automation-rules`, {
      body: {
        name: 'Database failing',
        firstUpdate: 'Failing',
        lastUpdate: 'Back',
        tags: [tag],
        components: [{ componentId: api.id, targetImpact: 'MAJOR_OUTAGE' }],
      },
    }),
    201,
  );
  return async () =>
    expectSuccess('getV3AutomationRule', await server.call('GET', `${base}/automation-rules/${created.id}`), 200).incidentId;
}

describe('alerts silenced by a maintenance in progress', () => {
  it.each([
    ['its tags', { silenceAlertsTags: ['db-silenced'] }],
    ['all alerts', { silenceAllAlerts: true, silenceAlertsTags: [] }],
  ])('silencing %s: no alert and no rule while in progress, both again after it ends', async (_name, silencing) => {
    const server = await maintenanceServer();
    const incidentOfRule = await rule(server, 'db-silenced');
    // Silencing all alerts would silence the other check too: it carries no tag then.
    const otherTags = 'silenceAllAlerts' in silencing ? null : ['web'];
    await createWindow(server, { startsAt: at(CLOCK, 1), endsAt: at(CLOCK, 2), repeatInterval: null, repeatUnit: 'DAY', ...silencing });
    await result(server, SILENCED, ['db-silenced'], 'passed');
    if (otherTags) await result(server, OTHER, otherTags, 'passed');

    await moveClock(server, at(CLOCK, 1.5));
    await result(server, SILENCED, ['db-silenced'], 'failed');
    await result(server, SILENCED, ['db-silenced'], 'passed');
    await result(server, SILENCED, ['db-silenced'], 'failed');
    expect(await alertsOf(server, SILENCED)).toEqual([]);
    expect(await incidentOfRule()).toBeNull();
    if (otherTags) {
      await result(server, OTHER, otherTags, 'failed');
      expect(await alertsOf(server, OTHER)).toEqual(['ALERT_FAILURE']);
    }

    await moveClock(server, at(CLOCK, 2.5));
    await result(server, SILENCED, ['db-silenced'], 'failed');
    expect(await alertsOf(server, SILENCED)).toEqual(['ALERT_FAILURE']);
    expect(await incidentOfRule()).toEqual(expect.any(String));
  });

  for (const compacted of [false, true]) {
    it(`with --data, a silenced result stays silenced across a restart (${compacted ? 'a compacted file' : 'the journal'})`, async () => {
      const dataPath = join(tempDir(), 'data.jsonl');
      const first = await maintenanceServer({ dataPath });
      await createWindow(first, {
        startsAt: at(CLOCK, 1),
        endsAt: at(CLOCK, 2),
        repeatInterval: null,
        repeatUnit: 'DAY',
        silenceAlertsTags: ['db-silenced'],
      });
      await result(first, SILENCED, ['db-silenced'], 'passed');
      await moveClock(first, at(CLOCK, 1.5));
      await result(first, SILENCED, ['db-silenced'], 'failed');
      expect(await alertsOf(first, SILENCED)).toEqual([]);
      await first.close();
      const compaction = compacted ? { minBytes: 0, ratio: 1.001 } : undefined;
      const second = await maintenanceServer({ dataPath, testClock: at(CLOCK, 1.6), ...(compaction ? { compaction } : {}) });
      if (compacted) await second.logged(/compacted from/);
      expect(await alertsOf(second, SILENCED)).toEqual([]);
      await moveClock(second, at(CLOCK, 2.5));
      await result(second, SILENCED, ['db-silenced'], 'failed');
      expect(await alertsOf(second, SILENCED)).toEqual(['ALERT_FAILURE']);
    });
  }
});
