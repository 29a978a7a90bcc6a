// For test/cli/mcp.test.ts: the ids the triage tools take, of records of the test server's
// account (a demo check and its latest result), and the calls of the triage tools with no sample.
import { demoIds } from '../../src/server/index.js';
import type { TestServer } from '../support/server.js';

/** The triage routes, whose ids name checks, results and sessions rather than heartbeats or error groups. */
export const isTriagePath = (path: string) => /^\/(v1\/check-(statuses|alerts|results)|v2\/)/.test(path);

export async function triageIds(server: TestServer): Promise<Record<string, string>> {
  const checkId = demoIds(server.account.id).checks.paymentsApi;
  const results = await server.call('GET', `/v2/check-results/${checkId}?limit=1`);
  const checkResultId = results.json?.entries?.[0]?.id as string | undefined;
  if (!checkResultId) throw new Error(`the demo check has no result for the MCP test: ${results.text}`);
  return { checkId, checkResultId };
}

export function triageCalls(ids: Record<string, string>): [string, Record<string, string>][] {
  return [
    ['list_check_statuses', {}],
    ['get_check_status', { checkId: ids.checkId! }],
    ['get_check_result', { checkId: ids.checkId!, checkResultId: ids.checkResultId! }],
  ];
}
