// docs/api-rules.md#v3-components: deleting a component takes it out of what refers to it, the
// subscribers' component lists and the automation rules' components, in the delete itself (so
// a restart with --data, replaying it, does the same). A list left empty stays empty; a rule
// left without components opens incidents that impact none.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../durability/helpers.js';
import { testClock } from '../support/clock.js';
import { ACCOUNT_A, expectSuccess, startTestServer, type TestServer } from './helpers.js';

const clock = testClock();
const DAY = 24 * 60 * 60_000;

async function setUp(server: TestServer) {
  const page = expectSuccess(
    'createV3StatusPage',
    await server.call('POST', '/v3/status-pages', { body: { name: 'Deleting', url: 'deleting' } }),
    201,
  );
  const base = `/v3/status-pages/${page.id}`;
  const add = async (name: string) =>
    expectSuccess('createV3Component', await server.call('POST', `${base}/components`, { body: { name, displayOrder: 1 } }), 201)
      .id as string;
  const [api, database] = [await add('API'), await add('Database')];
  expectSuccess(
    'createV3Subscribers',
    await server.call('POST', `${base}/subscribers/bulk`, {
      body: {
        autoVerify: true,
        subscriptions: [
          { type: 'EMAIL', config: { address: 'both@example.com', subscribedComponents: [api, database] } },
          { type: 'EMAIL', config: { address: 'api@example.com', subscribedComponents: [api] } },
          { type: 'EMAIL', config: { address: 'all@example.com', subscribedComponents: null } },
        ],
      },
    }),
    201,
  );
  const rule = async (tag: string, components: string[]) =>
    expectSuccess(
      'createV3AutomationRule',
      await server.call('POST', `${base}/automation-rules`, {
        body: {
          name: `On ${tag}`,
          firstUpdate: 'Failing',
          lastUpdate: 'Back',
          tags: [tag],
          components: components.map((componentId) => ({ componentId, targetImpact: 'PARTIAL_OUTAGE' })),
        },
      }),
      201,
    );
  const both = await rule('both', [api, database]);
  const onlyApi = await rule('api', [api]);
  return { base, api, database, both, onlyApi };
}

async function subscribers(server: TestServer, base: string) {
  const list = expectSuccess('listV3Subscribers', await server.call('GET', `${base}/subscribers?limit=100`), 200).entries as any[];
  return Object.fromEntries(list.map((each) => [each.address, [each.subscribedComponents, each.updated_at]]));
}

async function rule(server: TestServer, base: string, id: string) {
  return expectSuccess('getV3AutomationRule', await server.call('GET', `${base}/automation-rules/${id}`), 200);
}

describe('deleting a V3 component', () => {
  it("leaves the subscribers' lists and the rules' components, and a restart with --data keeps it so", async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: clock.now });
    const { base, api, database, both, onlyApi } = await setUp(first);
    const created = both.created_at;
    clock.advance(DAY);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    expectSuccess('deleteV3Component', await first.call('DELETE', `${base}/components/${api}`), 204);

    const expected = {
      'both@example.com': [[database], today],
      // Told of no component now: never widened to every component, which it did not ask for.
      'api@example.com': [[], today],
      'all@example.com': [null, created],
    };
    expect(await subscribers(first, base)).toEqual(expected);
    const bothAfter = await rule(first, base, both.id);
    expect(bothAfter.components).toEqual([both.components[1]]);
    expect(bothAfter.updated_at).toBe(today);
    const onlyApiAfter = await rule(first, base, onlyApi.id);
    expect(onlyApiAfter).toEqual({ ...onlyApi, components: [], updated_at: today });

    await first.close();
    const second = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: clock.now });
    expect(await subscribers(second, base)).toEqual(expected);
    expect(await rule(second, base, both.id)).toEqual(bothAfter);
    expect(await rule(second, base, onlyApi.id)).toEqual(onlyApiAfter);

    // The rule left without components still opens its incident, impacting none.
    const failed = await second.call('POST', '/_reference/check-results', {
      body: { checkId: '00000000-0000-4000-8000-0000000de1e7', name: 'API check', checkType: 'API', tags: ['api'], outcome: 'failed' },
    });
    expectSuccess('recordCheckResult', failed, 201);
    const { incidentId } = await rule(second, base, onlyApi.id);
    const incident = expectSuccess('getV3Incident', await second.call('GET', `${base}/incidents/${incidentId}`), 200);
    expect(incident).toMatchObject({ name: 'On api', lastUpdateStatus: 'INVESTIGATING', componentImpacts: [] });
  });
});
