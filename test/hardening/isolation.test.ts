// Isolation between accounts and the handling of keys, for every route of the
// operations table: another account's key neither reads nor changes the first account's data
// (404, state unchanged), a mismatched x-service-account is 403, a missing, malformed or
// unknown key is 401; and no full key ever appears in a response body, a header or a log line.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations as table, type Operation, type OperationId } from '../../src/contract/operations.js';
import { sampleOf } from '../../src/contract/table.js';
import { watchedProvider } from '../support/analyses.js';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  OPERATION_IDS,
  containsKey,
  countStoreMutations,
  expectErrorAnswer,
  fillEncoded,
  snapshot,
  startHardeningServer,
  type Answer,
  type HardeningServer,
  type RawRequest,
} from './support.js';

const operations: Readonly<Record<OperationId, Operation>> = table;

// Fixtures without ids: each account gets fresh ids for its status pages, incidents and most
// error groups, so "A's id" names nothing in B's data.
const FIXTURES = fileURLToPath(new URL('../../src/server/fixtures/example.json', import.meta.url));

/** Path parameters that name something created on first use (docs/api-rules.md#reference-only-inputs). */
const CREATED_ON_FIRST_USE: ReadonlySet<OperationId> = new Set(['recordHeartbeatEvent']);
/**
 * Path parameters that name no data of an account: a check's error groups (a check with none
 * lists []) and the runtime catalog, the same for everyone.
 */
const NOT_OWNED: ReadonlySet<OperationId> = new Set([
  'listCheckErrorGroups',
  'getRuntime',
  'listCheckResults',
  'listProjectTestSessionErrorGroups',
]);

/** The triage routes: their checkId names a check with results, not a heartbeat. */
const onTriage = (id: OperationId) => /^\/(v1\/check-(statuses|alerts|results)|v2\/|_reference\/checks\/)/.test(operations[id].path);

let server: HardeningServer;
const answers: { what: string; answer: Answer }[] = [];
/** Ids of A's own data (created here or given fresh by the fixtures). */
const a = {
  statusPage: '',
  incident: '',
  update: '',
  errorGroup: '',
  analysis: '',
  heartbeat: '00000000-0000-4000-8000-0000000000f4',
  heartbeatEvent: '',
  errorCheck: 'isolation-a-check',
  subscription: '',
  v3Subscriber: '',
  v3Rule: '',
  serviceId: '',
  serviceName: '',
  v3Page: '',
  component: '',
  v3Incident: '',
  v3Update: '',
  check: '00000000-0000-4000-8000-0000000000c5',
  checkResult: '',
  maintenanceWindow: '',
  maintenance: '',
  maintenanceUpdate: '',
  testSession: '',
  testSessionResult: '',
  testSessionErrorGroup: '',
  checkSession: '',
};

async function send(what: string, req: RawRequest): Promise<Answer> {
  const answer = await server.send(req);
  answers.push({ what, answer });
  return answer;
}

function asAccount(key: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra };
}

/** A's id for a path parameter of an operation. */
function paramOfA(id: OperationId, name: string): string {
  switch (name) {
    case 'statusPageId':
      return operations[id].path.startsWith('/v3/') ? a.v3Page : a.statusPage;
    case 'componentId':
      return a.component;
    case 'subscriberId':
      return a.v3Subscriber;
    case 'ruleId':
      return a.v3Rule;
    case 'incidentId':
      return operations[id].path.startsWith('/v3/') ? a.v3Incident : a.incident;
    case 'incidentUpdateId':
      return operations[id].path.startsWith('/v3/') ? a.v3Update : a.update;
    case 'testSessionErrorGroupId':
    case 'errorGroupId':
      return a.errorGroup;
    case 'checkId':
      return id === 'listCheckErrorGroups' ? a.errorCheck : onTriage(id) ? a.check : a.heartbeat;
    case 'checkResultId':
      return a.checkResult;
    case 'testSessionId':
      return a.testSession;
    case 'checkSessionId':
      return a.checkSession;
    case 'testSessionResultId':
      return a.testSessionResult;
    case 'projectId':
      return '00000000-0000-4000-8000-0000000000c6';
    case 'serviceId':
      return a.serviceId;
    case 'subscriptionId':
      return a.subscription;
    case 'maintenanceId':
      return a.maintenance;
    case 'updateId':
      return a.maintenanceUpdate;
    case 'id':
      if (operations[id].path.startsWith('/v1/maintenance-windows/')) return a.maintenanceWindow;
      if (id === 'getRuntime') return '2025.04';
      if (id === 'getHeartbeatEvent') return a.heartbeatEvent;
      if (operations[id].path.startsWith('/v1/test-session-error-groups/')) return a.testSessionErrorGroup;
      return operations[id].path.includes('root-cause-analyses') ? a.analysis : a.errorGroup;
    default:
      throw new Error(`no id of account A for ${id}.${name}: add it here`);
  }
}

/** A valid request of the operation, aimed at A's data. */
function requestOnA(id: OperationId, key: string, extraHeaders: Record<string, string> = {}): RawRequest {
  const op = operations[id];
  const params = Object.fromEntries(
    [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, encodeURIComponent(paramOfA(id, name!))]),
  );
  // The row's sample (src/contract/row.ts, Sample), naming A's service as the key's account
  // would name it (upstream: id, name, accountId).
  const sample = sampleOf(id)?.body as Record<string, unknown> | undefined;
  if (op.body && sample === undefined) throw new Error(`no sample body on the row of ${id}`);
  const service = { id: a.serviceId, name: a.serviceName, accountId: key === ACCOUNT_B.key ? ACCOUNT_B.id : ACCOUNT_A.id };
  const named = sample && 'services' in sample ? { ...sample, services: [service] } : sample;
  // A run on demand names A's check.
  const body = id === 'triggerCheckSessions' ? { target: { checkId: [a.check] } } : named;
  return {
    method: op.method,
    path: fillEncoded(op.path, params),
    headers: { ...asAccount(key), ...extraHeaders },
    ...(op.body ? { body: JSON.stringify(body) } : {}),
  };
}

/** Everything A can read, including its analysis and heartbeat (which have no listing). */
const snapshotA = () =>
  snapshot(server, ACCOUNT_A, [
    `/v1/root-cause-analyses/${a.analysis}`,
    `/v1/status-pages/${a.statusPage}/subscriptions`,
    `/v3/status-pages/${a.v3Page}/components`,
    `/v3/status-pages/${a.v3Page}/custom-domain-verifications`,
    `/v3/status-pages/${a.v3Page}/incidents/${a.v3Incident}`,
    `/v1/error-groups/checks/${a.errorCheck}`,
    `/v1/check-statuses/${a.check}`,
    `/v2/check-results/${a.check}`,
    `/v1/test-sessions/${a.testSession}`,
    `/v2/check-sessions/${a.checkSession}`,
    `/v1/test-session-error-groups/${a.testSessionErrorGroup}`,
    `/v1/checks/heartbeats/${a.heartbeat}/events/${a.heartbeatEvent}`,
    `/v1/checks/heartbeats/${a.heartbeat}/availability?startTime=1970-01-01&endTime=2025-03-10`,
  ]);

describe('isolation between accounts, for every route', () => {
  beforeAll(async () => {
    const analyses = watchedProvider();
    server = await startHardeningServer({ fixturesPath: FIXTURES, analysisProvider: analyses.provider });
    const pages = await server.get('/v1/status-pages');
    a.statusPage = pages.json.entries[0].id;
    a.serviceId = pages.json.entries[0].cards[0].services[0].id;
    a.serviceName = pages.json.entries[0].cards[0].services[0].name;
    const created = await send('A creates an incident', {
      method: 'POST',
      path: '/v1/status-pages/incidents',
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({
        name: 'A only',
        severity: 'MAJOR',
        services: [{ id: a.serviceId, name: a.serviceName, accountId: ACCOUNT_A.id }],
        incidentUpdates: [{ description: 'A looks' }],
      }),
    });
    expect(created.status, created.text).toBe(201);
    a.incident = created.json.id;
    a.update = created.json.incidentUpdates[0].id;
    const group = await send('A records an error', {
      method: 'POST',
      path: '/_reference/error-events',
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ checkId: a.errorCheck, rawErrorMessage: 'Error: getaddrinfo ENOTFOUND a.example' }),
    });
    expect(group.status, group.text).toBe(201);
    a.errorGroup = group.json.id;
    const analysis = await send('A asks for an analysis', {
      method: 'POST',
      path: `/v1/root-cause-analyses/test-session-error-groups/${a.errorGroup}`,
      headers: asAccount(ACCOUNT_A.key),
    });
    expect(analysis.status, analysis.text).toBe(202);
    a.analysis = analysis.json.id;
    const ping = await send('A pings', {
      method: 'POST',
      path: `/_reference/heartbeats/${a.heartbeat}/events`,
      headers: asAccount(ACCOUNT_A.key),
      body: '{"state":"RECEIVED"}',
    });
    expect(ping.status, ping.text).toBe(201);
    a.heartbeatEvent = ping.json.id;
    const checkResult = await send('A records a check result', {
      method: 'POST',
      path: '/_reference/check-results',
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ checkId: a.check, name: 'A check', checkType: 'API', tags: ['a'], outcome: 'failed' }),
    });
    expect(checkResult.status, checkResult.text).toBe(201);
    a.checkResult = checkResult.json.id;
    const testSession = await send('A records a test session', {
      method: 'POST',
      path: '/_reference/test-sessions',
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({
        name: 'A session',
        results: [{ name: 'A test', checkType: 'API', outcome: 'failed', errorMessage: 'Error: A only' }],
      }),
    });
    expect(testSession.status, testSession.text).toBe(201);
    a.testSession = testSession.json.testSessionId;
    a.testSessionResult = testSession.json.results[0].testSessionResultId;
    a.testSessionErrorGroup = testSession.json.errorGroupIds[0];
    const run = await send('A runs its check', {
      method: 'POST',
      path: '/v2/check-sessions/trigger',
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ target: { checkId: [a.check] } }),
    });
    expect(run.status, run.text).toBe(201);
    a.checkSession = run.json.sessions[0].checkSessionId;
    // Waited for: the run changes A's check, so A's state is settled before the tests.
    const ran = await send('A waits for the run', {
      method: 'GET',
      path: `/v2/check-sessions/${a.checkSession}/completion?maxWaitSeconds=30`,
      headers: asAccount(ACCOUNT_A.key),
    });
    expect(ran.status, ran.text).toBe(200);
    const subscribed = await send('A subscribes someone', {
      method: 'POST',
      path: `/v1/status-pages/${a.statusPage}/subscriptions/bulk`,
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ subscriptions: [{ type: 'EMAIL', config: 'a@example.com' }] }),
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    a.subscription = (await server.get(`/v1/status-pages/${a.statusPage}/subscriptions`)).json[0].id;
    const v3Page = await send('A makes a V3 page', {
      method: 'POST',
      path: '/v3/status-pages',
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ name: 'A only', url: 'a-only', customDomain: 'status.a-only.example' }),
    });
    expect(v3Page.status, v3Page.text).toBe(201);
    a.v3Page = v3Page.json.id;
    const component = await send('A adds a component', {
      method: 'POST',
      path: `/v3/status-pages/${a.v3Page}/components`,
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ name: 'A only', displayOrder: 1 }),
    });
    expect(component.status, component.text).toBe(201);
    a.component = component.json.id;
    const v3Subscribed = await send('A subscribes someone to it', {
      method: 'POST',
      path: `/v3/status-pages/${a.v3Page}/subscribers/bulk`,
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ subscriptions: [{ type: 'EMAIL', config: { address: 'a-v3@example.com' } }] }),
    });
    expect(v3Subscribed.status, v3Subscribed.text).toBe(201);
    a.v3Subscriber = (await server.get(`/v3/status-pages/${a.v3Page}/subscribers`)).json.entries[0].id;
    const rule = await send('A writes an automation rule', {
      method: 'POST',
      path: `/v3/status-pages/${a.v3Page}/automation-rules`,
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ name: 'A rule', firstUpdate: 'Down', lastUpdate: 'Up', tags: ['a'] }),
    });
    expect(rule.status, rule.text).toBe(201);
    a.v3Rule = rule.json.id;
    const v3Incident = await send('A opens a V3 incident', {
      method: 'POST',
      path: `/v3/status-pages/${a.v3Page}/incidents`,
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({
        name: 'A only',
        componentImpacts: [{ componentId: a.component, status: 'MAJOR_OUTAGE' }],
        incidentUpdates: [{ description: 'A looks', status: 'INVESTIGATING' }],
      }),
    });
    expect(v3Incident.status, v3Incident.text).toBe(201);
    a.v3Incident = v3Incident.json.id;
    a.v3Update = v3Incident.json.incidentUpdates[0].id;
    const maintenanceWindow = await send('A schedules maintenance', {
      method: 'POST',
      path: '/v1/maintenance-windows',
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify(sampleOf('createMaintenanceWindow')!.body),
    });
    expect(maintenanceWindow.status, maintenanceWindow.text).toBe(201);
    a.maintenanceWindow = String(maintenanceWindow.json.id);
    a.maintenance = (await server.get(`/v1/maintenance-windows/${a.maintenanceWindow}/maintenances`)).json[0].id;
    const maintenanceUpdate = await send('A posts a maintenance update', {
      method: 'POST',
      path: `/v1/maintenance-windows/${a.maintenanceWindow}/maintenances/${a.maintenance}/updates`,
      headers: asAccount(ACCOUNT_A.key),
      body: JSON.stringify({ status: 'SCHEDULED', description: 'A only' }),
    });
    expect(maintenanceUpdate.status, maintenanceUpdate.text).toBe(201);
    a.maintenanceUpdate = maintenanceUpdate.json.id;
    // The analysis completes after rcaDelayMs: waited for, so A's state is settled.
    await analyses.next();
    expect((await server.get(`/v1/root-cause-analyses/${a.analysis}`)).status).toBe(200);
    // The fixtures gave B other ids: A's ids name nothing of B's.
    const pagesB = await server.get('/v1/status-pages', ACCOUNT_B);
    expect(pagesB.json.entries.map((page: { id: string }) => page.id)).not.toContain(a.statusPage);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("another account can neither read nor change A's data on any route", async () => {
    const before = await snapshotA();
    const mutations = countStoreMutations();
    const aIds = [
      a.statusPage,
      a.incident,
      a.update,
      a.errorGroup,
      a.analysis,
      a.subscription,
      a.heartbeatEvent,
      a.v3Page,
      a.component,
      a.v3Subscriber,
      a.v3Rule,
      a.v3Incident,
      a.check,
      a.checkResult,
      a.maintenance,
      a.maintenanceUpdate,
      a.testSession,
      a.testSessionResult,
      a.testSessionErrorGroup,
      a.checkSession,
    ];
    try {
      for (const id of OPERATION_IDS) {
        const req = requestOnA(id, ACCOUNT_B.key);
        const what = `B on A's data: ${id} ${req.method} ${req.path}`;
        const answer = await send(what, req);
        if (id === 'moveClock') {
          // The server's clock is no account's: on a server without --test-clock it is a 404 for everyone.
          expectErrorAnswer(answer, 404, what);
        } else if (id === 'triggerCheckSessions') {
          // A's check does not exist for B: nothing matches, nothing runs.
          expectErrorAnswer(answer, 404, what);
        } else if (id === 'createIncident') {
          // A's service does not exist for B (docs/api-rules.md#incidents-and-their-updates): a 400 naming it, nothing created.
          const body = expectErrorAnswer(answer, 400, what);
          expect(body.details, what).toEqual([{ path: 'services[0].id', message: `unknown service "${a.serviceId}"` }]);
        } else if (!operations[id].path.includes('{') || CREATED_ON_FIRST_USE.has(id) || NOT_OWNED.has(id)) {
          // Routes without an id of A's (lists, creates) or that create on first use: B's own data only.
          expect(answer.status, `${what}\n${answer.text}`).toBeLessThan(300);
          for (const aId of aIds) expect(answer.text, `${what} shows A's ${aId}`).not.toContain(aId);
        } else {
          expectErrorAnswer(answer, 404, what);
        }
      }
      // Whatever B changed was B's: every mutation ran on B's store.
      expect(mutations.total()).toBeGreaterThan(0);
      expect(mutations.accounts()).toEqual([ACCOUNT_B.id]);
    } finally {
      mutations.restore();
    }
    expect(await snapshotA()).toEqual(before);
  });

  it('an x-service-account not a UUID is 400, another account 403, and no key, a malformed or an unknown one 401, on every route', async () => {
    const before = await snapshotA();
    const mutations = countStoreMutations();
    const broken: [string, Record<string, string>, number][] = [
      ['account header of B', { 'x-service-account': ACCOUNT_B.id }, 403],
      ['account header that is not a UUID', { 'x-service-account': 'acct-nobody' }, 400],
      ['account header in upper case', { 'x-service-account': ACCOUNT_A.id.toUpperCase() }, 403],
      ['account header empty', { 'x-service-account': '' }, 400],
      ['no Authorization', { authorization: '' }, 401],
      ['Bearer and no key', { authorization: 'Bearer' }, 401],
      ['Bearer, spaces, no key', { authorization: 'Bearer    ' }, 401],
      ['Basic with the key', { authorization: `Basic ${Buffer.from(`${ACCOUNT_A.id}:${ACCOUNT_A.key}`).toString('base64')}` }, 401],
      ['Basic with the raw key', { authorization: `Basic ${ACCOUNT_A.key}` }, 401],
      ['the key without a scheme', { authorization: ACCOUNT_A.key }, 401],
      ['the key and more', { authorization: `Bearer ${ACCOUNT_A.key} ${ACCOUNT_A.key}` }, 401],
      ['the key one character short', { authorization: `Bearer ${ACCOUNT_A.key.slice(0, -1)}` }, 401],
      ['an unknown key', { authorization: 'Bearer sk_live_CANARYunknown0000000000000' }, 401],
      ['Token scheme', { authorization: `Token ${ACCOUNT_A.key}` }, 401],
    ];
    try {
      for (const id of OPERATION_IDS) {
        for (const [label, headers, status] of broken) {
          const req = requestOnA(id, ACCOUNT_A.key, headers);
          if (headers.authorization === '') delete (req.headers as Record<string, string>).authorization;
          const what = `${label}: ${id} ${req.method} ${req.path}`;
          const body = expectErrorAnswer(await send(what, req), status, what);
          expect(body.message, what).not.toMatch(/stack|at .*\(.*:\d+:\d+\)/);
        }
      }
      expect(mutations.calls()).toEqual({});
    } finally {
      mutations.restore();
    }
    expect(await snapshotA()).toEqual(before);
  });

  it('the Bearer scheme is case-insensitive (RFC 9110 §11.1): lower-case bearer with a valid key is accepted', async () => {
    for (const authorization of [`bearer ${ACCOUNT_A.key}`, `BEARER ${ACCOUNT_A.key}`, `Bearer   ${ACCOUNT_A.key}`]) {
      const answer = await send(authorization.split(' ')[0]!, { method: 'GET', path: '/v1/runtimes', headers: { authorization } });
      expect(answer.status, answer.text).toBe(200);
    }
  });

  it('no response body or header and no log line holds a full key (or a stretch of one)', async () => {
    // Keys in every place a careless server might echo them back.
    for (const [label, headers] of [
      ['key as account header', { authorization: `Bearer ${ACCOUNT_A.key}`, 'x-service-account': ACCOUNT_B.key }],
      ['key as account header, own key', { authorization: `Bearer ${ACCOUNT_A.key}`, 'x-service-account': ACCOUNT_A.key }],
      ['Basic key', { authorization: `Basic ${ACCOUNT_A.key}` }],
      ['key and more', { authorization: `Bearer ${ACCOUNT_B.key} trailing` }],
    ] as const) {
      await send(label, { method: 'GET', path: '/v1/runtimes', headers });
    }
    expect(answers.length).toBeGreaterThan(OPERATION_IDS.length * 10);
    for (const { what, answer } of answers) {
      for (const key of [ACCOUNT_A.key, ACCOUNT_B.key]) {
        expect(containsKey(answer.text, key), `${what}: body ${answer.text.slice(0, 300)}`).toBe(false);
        expect(containsKey(JSON.stringify(answer.headers), key), `${what}: headers`).toBe(false);
      }
    }
    expect(server.logs.length).toBeGreaterThan(OPERATION_IDS.length * 10);
    for (const line of server.logs) {
      for (const key of [ACCOUNT_A.key, ACCOUNT_B.key]) expect(containsKey(line, key), line).toBe(false);
    }
  });
});
