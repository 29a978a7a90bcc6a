// docs/api-rules.md#v3-automation-rules: a V3 page's automation rules, created and replaced
// whole, and what they do with check results: a check with one of an enabled rule's tags that
// starts failing opens the rule's incident (before the result's 201), every such check passing
// again resolves it, no new one within the cool-down; a disabled rule does nothing; a deleted
// rule leaves its incident. The server's clock is the test's, moved by hand.
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { ACCOUNT_A, ACCOUNT_B, expectError, expectSuccess, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const clock = testClock();
const shared = useTestServer({ ...TWO_ACCOUNTS, now: clock.now });
const A = demoIds(ACCOUNT_A.id);
const PAGE = A.v3StatusPages.acmePlatform;
const RULES = `/v3/status-pages/${PAGE}/automation-rules`;
const MINUTE = 60_000;

let counter = 0;
const unique = () => ++counter;
const checkId = () => `00000000-0000-4000-8000-${(0xa0e000000000 + unique()).toString(16)}`;

function ruleBody(tag: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `Rule on ${tag}`,
    firstUpdate: `${tag} is failing`,
    lastUpdate: `${tag} works again`,
    tags: [tag],
    components: [
      { componentId: A.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE' },
      { componentId: A.v3Components.login, targetImpact: 'DEGRADED_PERFORMANCE' },
    ],
    ...overrides,
  };
}

async function createRule(server: TestServer, body: Record<string, unknown>) {
  return expectSuccess('createV3AutomationRule', await server.call('POST', RULES, { body }), 201);
}

async function getRule(server: TestServer, ruleId: string) {
  return expectSuccess('getV3AutomationRule', await server.call('GET', `${RULES}/${ruleId}`), 200);
}

async function result(server: TestServer, check: string, tags: string[], outcome: 'passed' | 'failed') {
  const body = { checkId: check, name: `Check ${check.slice(-4)}`, checkType: 'API', tags, outcome };
  return expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body }), 201);
}

async function incident(server: TestServer, incidentId: string) {
  return expectSuccess('getV3Incident', await server.call('GET', `/v3/status-pages/${PAGE}/incidents/${incidentId}`), 200);
}

describe('automation rules', () => {
  it('are created with their defaults, read, listed newest first and replaced whole', async () => {
    const { server } = shared;
    const tag = `crud-${unique()}`;
    const created = await createRule(server, ruleBody(tag));
    expect(created).toEqual({
      name: `Rule on ${tag}`,
      enabled: true,
      firstUpdate: `${tag} is failing`,
      lastUpdate: `${tag} works again`,
      notifySubscribers: true,
      coolDownWindowMinutes: 5,
      tags: [tag],
      id: expect.any(String),
      statusPageId: PAGE,
      incidentId: null,
      components: [
        { componentId: A.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE', id: expect.any(String) },
        { componentId: A.v3Components.login, targetImpact: 'DEGRADED_PERFORMANCE', id: expect.any(String) },
      ],
      created_at: '2025-03-10',
      updated_at: '2025-03-10',
    });
    expect(await getRule(server, created.id)).toEqual(created);
    const second = await createRule(server, ruleBody(`${tag}-b`));
    const first = expectSuccess('listV3AutomationRules', await server.call('GET', `${RULES}?limit=1`), 200);
    expect(first.entries.map((rule: any) => rule.id)).toEqual([second.id]);
    const next = expectSuccess('listV3AutomationRules', await server.call('GET', `${RULES}?limit=1&nextId=${first.nextId}`), 200);
    expect(next.entries.map((rule: any) => rule.id)).toEqual([created.id]);

    const replaced = expectSuccess(
      'updateV3AutomationRule',
      await server.call('PUT', `${RULES}/${created.id}`, {
        body: {
          name: 'Renamed',
          firstUpdate: 'down',
          lastUpdate: 'up',
          tags: [tag],
          components: [{ componentId: A.v3Components.restApi, targetImpact: 'PARTIAL_OUTAGE' }],
          coolDownWindowMinutes: 0,
        },
      }),
      200,
    );
    // The component kept keeps its id; the one left out goes; a field left out takes its default.
    expect(replaced).toMatchObject({ name: 'Renamed', coolDownWindowMinutes: 0, enabled: true, incidentId: null });
    expect(replaced.components).toEqual([{ ...created.components[0], targetImpact: 'PARTIAL_OUTAGE' }]);
  });

  it('refuses no tags, a cool-down out of range and a component not of the page or named twice, naming the field', async () => {
    const { server } = shared;
    const refused = async (body: Record<string, unknown>) =>
      expectError(await server.call('POST', RULES, { body }), 400).details?.map((detail) => detail.path);
    expect(await refused(ruleBody('x', { tags: [] }))).toEqual(['tags']);
    expect(await refused(ruleBody('x', { coolDownWindowMinutes: 1441 }))).toEqual(['coolDownWindowMinutes']);
    expect(await refused(ruleBody('x', { components: [{ componentId: A.v3Components.restApi, targetImpact: 'OPERATIONAL' }] }))).toEqual([
      'components[0].targetImpact',
    ]);
    const foreign = demoIds(ACCOUNT_B.id).v3Components.restApi;
    expect(await refused(ruleBody('x', { components: [{ componentId: foreign, targetImpact: 'MAJOR_OUTAGE' }] }))).toEqual([
      'components[0].componentId',
    ]);
    const twice = { componentId: A.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE' };
    expect(await refused(ruleBody('x', { components: [twice, twice] }))).toEqual(['components[1].componentId']);
  });

  it("answers 404 for an unknown page or rule, another account's, and another page's rule", async () => {
    const { server } = shared;
    const rule = await createRule(server, ruleBody(`404-${unique()}`));
    const otherPage = expectSuccess(
      'createV3StatusPage',
      await server.call('POST', '/v3/status-pages', { body: { name: 'Other', url: `other-${unique()}` } }),
      201,
    ).id;
    expectError(await server.call('GET', `/v3/status-pages/${otherPage}/automation-rules/${rule.id}`), 404);
    expectError(await server.call('GET', `${RULES}/${rule.id}`, { key: ACCOUNT_B.key }), 404);
    expectError(await server.call('GET', RULES, { key: ACCOUNT_B.key }), 404);
    expectError(await server.call('POST', RULES, { key: ACCOUNT_B.key, body: ruleBody('b') }), 404);
    expectError(await server.call('DELETE', `${RULES}/${rule.id}`, { key: ACCOUNT_B.key }), 404);
    expectError(await server.call('PUT', `${RULES}/00000000-0000-4000-8000-000000000404`, { body: ruleBody('x') }), 404);
    expect((await getRule(server, rule.id)).id).toBe(rule.id);
  });
});

describe('what rules do with check results', () => {
  it("a check with the rule's tag that starts failing opens the rule's incident; all passing again resolves it", async () => {
    const { server } = shared;
    const tag = `fires-${unique()}`;
    const rule = await createRule(server, ruleBody(tag));
    const [one, two] = [checkId(), checkId()];
    await result(server, one, [tag, 'other'], 'passed');
    expect((await getRule(server, rule.id)).incidentId).toBeNull();
    await result(server, one, [tag], 'failed');
    // Set before the result was answered.
    const { incidentId } = await getRule(server, rule.id);
    expect(incidentId).toEqual(expect.any(String));
    const opened = await incident(server, incidentId);
    expect(opened).toMatchObject({ name: rule.name, statusPageId: PAGE, lastUpdateStatus: 'INVESTIGATING' });
    expect(opened.incidentUpdates).toEqual([
      expect.objectContaining({ description: rule.firstUpdate, status: 'INVESTIGATING', notifySubscribers: true }),
    ]);
    expect(opened.componentImpacts).toEqual([
      { componentId: A.v3Components.restApi, status: 'MAJOR_OUTAGE', startedAt: new Date(clock.now()).toISOString(), endedAt: null },
      { componentId: A.v3Components.login, status: 'DEGRADED_PERFORMANCE', startedAt: new Date(clock.now()).toISOString(), endedAt: null },
    ]);
    // Another check failing meanwhile opens nothing more; failing again neither.
    clock.advance(10 * MINUTE);
    await result(server, two, [tag], 'failed');
    await result(server, one, [tag], 'failed');
    expect((await getRule(server, rule.id)).incidentId).toBe(incidentId);
    // One passing while the other fails resolves nothing.
    await result(server, one, [tag], 'passed');
    expect((await incident(server, incidentId)).lastUpdateStatus).toBe('INVESTIGATING');
    clock.advance(MINUTE);
    await result(server, two, [tag], 'passed');
    const resolved = await incident(server, incidentId);
    expect(resolved.lastUpdateStatus).toBe('RESOLVED');
    expect(resolved.incidentUpdates.at(-1)).toMatchObject({ description: rule.lastUpdate, status: 'RESOLVED' });
    expect(resolved.componentImpacts.every((window: any) => window.endedAt === new Date(clock.now()).toISOString())).toBe(true);
    // After the cool-down, a new failure opens a new incident.
    await result(server, two, [tag], 'failed');
    const reopened = (await getRule(server, rule.id)).incidentId;
    expect(reopened).not.toBe(incidentId);
    expect((await incident(server, reopened)).lastUpdateStatus).toBe('INVESTIGATING');
  });

  it('opens no new incident within the cool-down of the last one it opened', async () => {
    const { server } = shared;
    const tag = `cooldown-${unique()}`;
    const rule = await createRule(server, ruleBody(tag, { coolDownWindowMinutes: 30 }));
    const check = checkId();
    await result(server, check, [tag], 'failed');
    const first = (await getRule(server, rule.id)).incidentId;
    await result(server, check, [tag], 'passed');
    expect((await incident(server, first)).lastUpdateStatus).toBe('RESOLVED');
    clock.advance(29 * MINUTE);
    await result(server, check, [tag], 'failed');
    expect((await getRule(server, rule.id)).incidentId).toBe(first);
    await result(server, check, [tag], 'passed');
    clock.advance(MINUTE);
    await result(server, check, [tag], 'failed');
    const second = (await getRule(server, rule.id)).incidentId;
    expect(second).not.toBe(first);
  });

  it('a disabled rule does nothing; a check without its tags neither', async () => {
    const { server } = shared;
    const tag = `disabled-${unique()}`;
    const rule = await createRule(server, ruleBody(tag, { enabled: false }));
    await result(server, checkId(), [tag], 'failed');
    await result(server, checkId(), [`${tag}-not`], 'failed');
    expect((await getRule(server, rule.id)).incidentId).toBeNull();
  });

  it('deleting a rule leaves its incident open; the rule is gone', async () => {
    const { server } = shared;
    const tag = `deleted-${unique()}`;
    const rule = await createRule(server, ruleBody(tag));
    const check = checkId();
    await result(server, check, [tag], 'failed');
    const { incidentId } = await getRule(server, rule.id);
    expect(incidentId).toEqual(expect.any(String));
    expectSuccess('deleteV3AutomationRule', await server.call('DELETE', `${RULES}/${rule.id}`), 204);
    expectError(await server.call('GET', `${RULES}/${rule.id}`), 404);
    await result(server, check, [tag], 'passed');
    expect((await incident(server, incidentId)).lastUpdateStatus).toBe('INVESTIGATING');
  });

  it("rules are the account's own: another account's failing check with the tag opens nothing here", async () => {
    const { server } = shared;
    const tag = `isolated-${unique()}`;
    const rule = await createRule(server, ruleBody(tag));
    const body = { checkId: checkId(), name: 'B check', checkType: 'API', tags: [tag], outcome: 'failed' };
    expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body, key: ACCOUNT_B.key }), 201);
    expect((await getRule(server, rule.id)).incidentId).toBeNull();
  });

  it("the demo rule fires on the demo's checks: a failing checkout check opens an incident on the demo V3 page", async () => {
    const { server } = shared;
    const [demoRule] = expectSuccess('listV3AutomationRules', await server.call('GET', `${RULES}?limit=100`), 200).entries.filter(
      (rule: any) => rule.name === 'Checkout is failing',
    );
    expect(demoRule.tags).toEqual(['checkout']);
    const body = { checkId: A.checks.ordersApi, outcome: 'failed', errorMessage: 'Request failed with status code 503' };
    expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body }), 201);
    const { incidentId } = await getRule(server, demoRule.id);
    expect((await incident(server, incidentId)).name).toBe('Checkout is failing');
  });
});
