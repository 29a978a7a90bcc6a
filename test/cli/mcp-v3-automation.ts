// For test/cli/mcp.test.ts: the calls of the V3 subscriber and automation rule tools that have no
// sample (a read and the deletes), each on records of its own on the V3 page the other V3 tools use.
import type { TestServer } from '../support/server.js';

export async function v3AutomationCalls(
  server: TestServer,
  statusPageId: string,
  componentId: string,
): Promise<[string, Record<string, string>][]> {
  const page = `/v3/status-pages/${statusPageId}`;
  const subscribed = await server.call('POST', `${page}/subscribers/bulk`, {
    body: { subscriptions: [{ type: 'EMAIL', config: { address: 'mcp-v3-automation@example.com' } }] },
  });
  const subscriber = (await server.call('GET', `${page}/subscribers?limit=1`)).json.entries[0]?.id as string;
  const rule = await server.call('POST', `${page}/automation-rules`, {
    body: {
      name: 'MCP rule',
      firstUpdate: 'Down',
      lastUpdate: 'Up',
      tags: ['mcp'],
      components: [{ componentId, targetImpact: 'MAJOR_OUTAGE' }],
    },
  });
  if (subscribed.status !== 201 || rule.status !== 201) throw new Error(`the V3 records for the MCP test could not be made: ${rule.text}`);
  const ruleIds = { statusPageId, ruleId: rule.json.id as string };
  return [
    ['get_v3_automation_rule', ruleIds],
    ['delete_v3_automation_rule', ruleIds],
    ['delete_v3_subscriber', { statusPageId, subscriberId: subscriber }],
  ];
}
