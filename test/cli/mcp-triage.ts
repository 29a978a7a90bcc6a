// For test/cli/mcp.test.ts: the ids the triage tools take, of records of the test server's
// account (a demo check and its latest result), and the calls of the triage tools with no sample.
import { demoIds } from '../../src/server/index.js';
import type { TestServer } from '../support/server.js';

/** The triage routes, whose ids name checks, results and sessions rather than heartbeats or error groups. */
export const isTriagePath = (path: string) => /^\/(v1\/check-(statuses|alerts|results)|v2\/|v1\/test-session)/.test(path);

export async function triageIds(server: TestServer): Promise<Record<string, string>> {
  const checkId = demoIds(server.account.id).checks.paymentsApi;
  const results = await server.call('GET', `/v2/check-results/${checkId}?limit=1`);
  const checkResultId = results.json?.entries?.[0]?.id as string | undefined;
  if (!checkResultId) throw new Error(`the demo check has no result for the MCP test: ${results.text}`);
  const testSessionId = demoIds(server.account.id).testSessions.deployMain;
  const session = (await server.call('GET', `/v1/test-sessions/${testSessionId}`)).json;
  const testSessionResultId = session?.results?.[0]?.testSessionResultId as string | undefined;
  const id = session?.errorGroupIds?.[0] as string | undefined;
  if (!testSessionResultId || !id) throw new Error(`the demo test session has no result or error group: ${JSON.stringify(session)}`);
  // A run of the check, waited for (the server's event, not a sleep), so its completion answers at once.
  const run = await server.call('POST', '/v2/check-sessions/trigger', { body: { target: { checkId: [checkId] } } });
  const checkSessionId = run.json?.sessions?.[0]?.checkSessionId as string | undefined;
  const ran = await server.call('GET', `/v2/check-sessions/${checkSessionId}/completion?maxWaitSeconds=30`);
  if (ran.status !== 200) throw new Error(`the check session for the MCP test did not run: ${run.text} ${ran.text}`);
  const projectId = '00000000-0000-4000-8000-0000000000c6';
  return { checkId, checkResultId, testSessionId, testSessionResultId, id, projectId, checkSessionId: checkSessionId! };
}

export function triageCalls(ids: Record<string, string>): [string, Record<string, string>][] {
  return [
    ['list_check_statuses', {}],
    ['get_check_status', { checkId: ids.checkId! }],
    ['get_check_result', { checkId: ids.checkId!, checkResultId: ids.checkResultId! }],
    ['get_test_session', { testSessionId: ids.testSessionId! }],
    ['get_test_session_result', { testSessionId: ids.testSessionId!, testSessionResultId: ids.testSessionResultId! }],
    ['list_project_test_session_error_groups', { projectId: ids.projectId! }],
    ['get_test_session_error_group', { id: ids.id! }],
    ['get_check_session', { checkSessionId: ids.checkSessionId! }],
  ];
}
