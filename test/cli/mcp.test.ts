// `statusctl mcp` driven as an MCP host would: the built binary as a child process, the SDK's own
// client over stdio, the reference server on a real port.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { routes, sampleOf, type OperationId } from '../../src/contract/table.js';
import { demoIds } from '../../src/server/index.js';
import { defineTools, toolName } from '../../src/mcp/tools.js';
import { toolsets } from '../../src/mcp/toolsets.js';
import { triageCalls, triageIds, isTriagePath } from './mcp-triage.js';
import { maintenanceCalls, maintenanceIds } from './mcp-maintenance.js';
import { v3AutomationCalls } from './mcp-v3-automation.js';
import { expectDocTable } from './markdown-table.js';
import { v3Calls, v3Ids, withComponent } from './mcp-v3-incidents.js';
import { BIN, cleanEnv, closedPortUrl, removeTempDirs, ROOT, startTestServer, TEST_ACCOUNT, type TestServer } from './helpers.js';

let server: TestServer;

/** The operations that are tools: every row of the table but the reference server's own and those beyond the hosted document. */
const PUBLIC_IDS = Object.entries(routes)
  .filter(([, route]) => !('referenceOnly' in route && route.referenceOnly) && !('beyondDocument' in route))
  .map(([id]) => id);

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
}

async function connect(env: Record<string, string | undefined>): Promise<{ client: Client; stderr: () => string }> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    // Every toolset: this file calls every tool (test/cli/mcp-toolsets.test.ts covers choosing them).
    args: [BIN, 'mcp', '--toolsets', 'all'],
    cwd: ROOT,
    env: cleanEnv(env) as Record<string, string>,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'statusctl-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/**
 * `statusctl mcp` against a stub server on a real port answering with `handler`; the account is
 * TEST_ACCOUNT unless `accountId` is given. close() ends both.
 */
async function connectToStub(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  accountId: string = TEST_ACCOUNT.id,
): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const stub = createServer(handler);
  await new Promise<void>((listening) => stub.listen(0, '127.0.0.1', listening));
  const { port } = stub.address() as AddressInfo;
  const { client, stderr } = await connect({
    STATUSCTL_BASE_URL: `http://127.0.0.1:${port}`,
    STATUSCTL_API_KEY: TEST_ACCOUNT.key,
    STATUSCTL_ACCOUNT_ID: accountId,
  });
  return {
    client,
    stderr,
    close: async () => {
      await client.close();
      await new Promise((closed) => stub.close(closed));
    },
  };
}

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** Tools that answered a call without an error, in this file: each must be among them (the last test). */
const answered = new Set<string>();

/** What of a value the input schema takes: a body sent back holds fields the server sets, which a tool does not offer. */
function inputOf(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((entry, i) => inputOf(schema.prefixItems?.[i] ?? schema.items ?? {}, entry));
  if (typeof value !== 'object' || value === null || !schema.properties) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([field]) => field in schema.properties!)
      .map(([field, inner]) => [field, inputOf(schema.properties![field]!, inner)]),
  );
}

/**
 * A tool's arguments from its row's sample (src/contract/row.ts, Sample): the path parameters
 * given, the sample's query, and its body as the tool takes it, naming the given services.
 */
function sampleArgs(tool: Tool, id: OperationId, params: Record<string, string>, services: unknown[]): Record<string, unknown> {
  const sample = sampleOf(id) ?? {};
  const body = typeof sample.body === 'object' && sample.body !== null ? (sample.body as Record<string, unknown>) : {};
  const written = inputOf(tool.inputSchema as JsonSchema, 'services' in body ? { ...body, services } : body) as Record<string, unknown>;
  return { ...params, ...sample.query, ...written };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) answered.add(name);
  return result;
}

describe('statusctl mcp', () => {
  let client: Client;
  let stderr: () => string;
  let tools: Tool[];

  beforeAll(async () => {
    server = await startTestServer();
    ({ client, stderr } = await connect(server.env));
    tools = (await client.listTools()).tools;
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
    removeTempDirs();
  });

  it('lists one tool per public operation, named in snake_case, annotated', () => {
    const publicIds = PUBLIC_IDS;
    expect(tools.map((tool) => tool.name)).toEqual(publicIds.map(toolName));
    expect(publicIds.length).toBeLessThan(Object.keys(routes).length);
    expect(tools.map((tool) => tool.name)).toContain('request_root_cause_analysis');
    for (const tool of tools) {
      const id = publicIds[tools.indexOf(tool)]!;
      const method = routes[id as keyof typeof routes].method;
      expect(tool.annotations?.title, tool.name).toBeTruthy();
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(method === 'GET');
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
      expect(tool.annotations?.openWorldHint, tool.name).toBe(true);
      if (method === 'GET') expect(tool.annotations?.destructiveHint, tool.name).toBe(false);
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.update_error_group!.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(byName.create_incident!.annotations).toMatchObject({ idempotentHint: false, destructiveHint: false });
    // Path parameters by their contract names, body fields at the top level.
    expect(byName.get_incident!.inputSchema.required).toEqual(['incidentId']);
    expect(Object.keys(byName.create_incident!.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['name', 'severity', 'services', 'incidentUpdates']),
    );
    expect(Object.keys(byName.list_incidents!.inputSchema.properties!)).toEqual(['limit', 'nextId']);
  });

  it('inputs are what the server accepts from a client, each with its description from the contract', () => {
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    const create = byName.create_incident!.inputSchema as JsonSchema;
    // What the server sets is not offered as input.
    expect(Object.keys(create.properties!).sort()).toEqual(['incidentUpdates', 'name', 'services', 'severity']);
    expect(Object.keys(create.properties!.services!.items!.properties!).sort()).toEqual(['accountId', 'id', 'name']);
    expect(Object.keys(create.properties!.incidentUpdates!.prefixItems![0]!.properties!).sort()).toEqual([
      'description',
      'notifySubscribers',
      'publicIncidentUpdateDate',
      'status',
    ]);
    const update = byName.update_incident_update!.inputSchema as JsonSchema;
    expect(Object.keys(update.properties!).sort()).toEqual([
      'description',
      'incidentId',
      'incidentUpdateId',
      'notifySubscribers',
      'publicIncidentUpdateDate',
      'status',
    ]);
    // Every input, nested ones included, says what it is.
    const undescribed: string[] = [];
    const walk = (schema: JsonSchema, path: string) => {
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (!property.description?.trim()) undescribed.push(`${path}.${name}`);
        walk(property, `${path}.${name}`);
      }
      if (schema.items) walk(schema.items, `${path}[]`);
      for (const [i, item] of (schema.prefixItems ?? []).entries()) walk(item, `${path}[${i}]`);
      for (const branch of schema.anyOf ?? []) walk(branch, path);
    };
    for (const tool of tools) walk(tool.inputSchema as JsonSchema, tool.name);
    expect(undescribed).toEqual([]);
  });

  it('never shows the API key', () => {
    expect(JSON.stringify(tools)).not.toContain(server.account.key);
    expect(stderr()).not.toContain(server.account.key);
    expect(stderr()).toContain(`serving ${PUBLIC_IDS.length} tools`);
  });

  it('answers read calls with JSON text and structuredContent', async () => {
    const pages = await call(client, 'list_status_pages', { limit: 5 });
    expect(pages.isError).toBeFalsy();
    const structured = pages.structuredContent as { entries: { id: string; name: string }[] };
    expect(structured.entries.length).toBeGreaterThan(0);
    expect(JSON.parse(text(pages))).toEqual(structured);

    const page = await call(client, 'get_status_page', { statusPageId: structured.entries[0]!.id });
    expect((page.structuredContent as { id: string }).id).toBe(structured.entries[0]!.id);

    // An array body is wrapped as {result} (structuredContent must be an object).
    const runtimes = await call(client, 'list_runtimes');
    expect(Array.isArray((runtimes.structuredContent as { result: unknown[] }).result)).toBe(true);
    expect(JSON.parse(text(runtimes))).toEqual((runtimes.structuredContent as { result: unknown }).result);
  });

  it('reads V3 status pages, their components and custom domain, and deletes a page and a component', async () => {
    const v3Page = demoIds(server.account.id).v3StatusPages.acmePlatform;
    const page = await call(client, 'get_v3_status_page', { statusPageId: v3Page });
    expect(page.structuredContent).toMatchObject({ id: v3Page, version: 3 });
    const made = await server.call('POST', '/v3/status-pages', { body: { name: 'MCP throwaway', url: 'mcp-throwaway' } });
    const deleted = await call(client, 'delete_v3_status_page', { statusPageId: made.json.id });
    expect(deleted.structuredContent).toEqual({ result: null });
    expect(text(await call(client, 'get_v3_status_page', { statusPageId: made.json.id }))).toMatch(/^HTTP 404: /);

    const components = (await call(client, 'list_v3_components', { statusPageId: v3Page })).structuredContent as {
      entries: { id: string }[];
    };
    const [first] = components.entries;
    expect((await call(client, 'get_v3_component', { statusPageId: v3Page, componentId: first!.id })).structuredContent).toEqual(first);
    const added = await server.call('POST', `/v3/status-pages/${v3Page}/components`, { body: { name: 'MCP throwaway', displayOrder: 9 } });
    const removed = await call(client, 'delete_v3_component', { statusPageId: v3Page, componentId: added.json.id });
    expect(removed.structuredContent).toEqual({ result: null });

    const verification = await call(client, 'get_v3_custom_domain_verification', { statusPageId: v3Page });
    expect(verification.structuredContent).toMatchObject({ validationMethod: 'txt', ownershipVerification: { type: 'txt' } });
    const rechecked = await call(client, 'recheck_v3_custom_domain_verification', { statusPageId: v3Page });
    expect(rechecked.structuredContent).toMatchObject({ status: 'active', sslStatus: 'active' });
  });

  it('creates an incident the server then shows, and adds an update to it', async () => {
    const pages = (await call(client, 'list_status_pages')).structuredContent as {
      entries: { cards: { services: { id: string; name: string; accountId: string }[] }[] }[];
    };
    const service = pages.entries.flatMap((page) => page.cards.flatMap((card) => card.services))[0]!;
    const tool = tools.find((each) => each.name === 'create_incident')!;
    const args = sampleArgs(tool, 'createIncident', {}, [{ id: service.id, name: service.name, accountId: service.accountId }]);
    const created = await call(client, 'create_incident', args);
    expect(created.isError, text(created)).toBeFalsy();
    const incident = created.structuredContent as { id: string; name: string };
    expect(incident.name).toBe(args.name);

    const fetched = await call(client, 'get_incident', { incidentId: incident.id });
    expect(fetched.structuredContent).toMatchObject({ id: incident.id, name: args.name });
    const listed = (await call(client, 'list_incidents', { limit: '100' })).structuredContent as { entries: { id: string }[] };
    expect(listed.entries.map((entry) => entry.id)).toContain(incident.id);

    const update = await call(client, 'create_incident_update', {
      incidentId: incident.id,
      description: 'Rolled back',
      status: 'MONITORING',
    });
    expect(update.isError, text(update)).toBeFalsy();
    const again = (await call(client, 'get_incident', { incidentId: incident.id })).structuredContent as {
      incidentUpdates: { description: string }[];
    };
    expect(again.incidentUpdates.map((u) => u.description)).toContain('Rolled back');
  });

  it('requests an analysis, fetches it, archives the error group, and reads heartbeat availability', async () => {
    const api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
    const group = await api.recordErrorEvent({
      body: { checkId: '00000000-0000-4000-8000-0000000000c3', rawErrorMessage: 'TypeError: x is undefined' },
    });
    const requested = await call(client, 'request_root_cause_analysis', {
      testSessionErrorGroupId: group.id,
      userContext: 'after the deploy',
    });
    expect(requested.isError, text(requested)).toBeFalsy();
    const { id } = requested.structuredContent as { id: string };
    const analysis = await call(client, 'get_root_cause_analysis', { id });
    expect(analysis.isError, text(analysis)).toBeFalsy();
    expect(analysis.structuredContent).toMatchObject({ id });
    expect(['PENDING', 'COMPLETED']).toContain((analysis.structuredContent as { status: string }).status);
    const archived = await call(client, 'update_error_group', { id: group.id, archiveForEver: true });
    expect(archived.isError, text(archived)).toBeFalsy();
    expect(archived.structuredContent).toMatchObject({ id: group.id });

    await api.recordHeartbeatEvent({ params: { checkId: '00000000-0000-4000-8000-0000000000c1' }, body: { state: 'RECEIVED' } });
    const availability = await call(client, 'get_heartbeat_availability', { checkId: '00000000-0000-4000-8000-0000000000c1' });
    expect(availability.isError, text(availability)).toBeFalsy();
    // A nullable body is wrapped as {result}.
    expect((availability.structuredContent as { result: { successRatio: unknown } }).result.successRatio).toBeDefined();
  });

  it('edits an incident, lists and deletes its updates, then deletes it (a 204 is {"result": null})', async () => {
    const services = (
      (await call(client, 'list_services', { limit: 100 })).structuredContent as {
        entries: { id: string; name: string; accountId: string }[];
      }
    ).entries;
    expect((await call(client, 'get_service', { serviceId: services[0]!.id })).structuredContent).toEqual(services[0]);
    const [first, second] = services.map(({ id, name, accountId }) => ({ id, name, accountId }));
    const created = await call(client, 'create_incident', {
      name: 'MCP edit me',
      severity: 'MINOR',
      services: [first],
      incidentUpdates: [{ description: 'Looking' }],
    });
    const incident = created.structuredContent as { id: string; incidentUpdates: { id: string }[] };
    const edited = await call(client, 'update_incident', {
      incidentId: incident.id,
      name: 'MCP edited',
      severity: 'CRITICAL',
      services: [first, second],
    });
    expect(edited.isError, text(edited)).toBeFalsy();
    expect(edited.structuredContent).toMatchObject({ name: 'MCP edited', severity: 'CRITICAL' });
    const updates = await call(client, 'list_incident_updates', { incidentId: incident.id });
    expect((updates.structuredContent as { result: { id: string }[] }).result.map((u) => u.id)).toEqual([incident.incidentUpdates[0]!.id]);
    const updateIds = { incidentId: incident.id, incidentUpdateId: incident.incidentUpdates[0]!.id };
    const changed = await call(client, 'update_incident_update', { ...updateIds, description: 'Looking, with a fix' });
    expect(changed.structuredContent).toMatchObject({ description: 'Looking, with a fix' });
    expect((await call(client, 'get_incident_update', updateIds)).structuredContent).toEqual(changed.structuredContent);
    const removed = await call(client, 'delete_incident_update', {
      incidentId: incident.id,
      incidentUpdateId: incident.incidentUpdates[0]!.id,
    });
    expect(removed.isError, text(removed)).toBeFalsy();
    expect(removed.structuredContent).toEqual({ result: null });
    const deleted = await call(client, 'delete_incident', { incidentId: incident.id });
    expect(deleted.structuredContent).toEqual({ result: null });
    expect(text(await call(client, 'get_incident', { incidentId: incident.id }))).toMatch(/^HTTP 404: /);
  });

  it('subscribes, lists and removes subscribers; lists error groups, heartbeat events and one runtime', async () => {
    const page = ((await call(client, 'list_status_pages')).structuredContent as { entries: { id: string }[] }).entries[0]!;
    const subscribed = await call(client, 'create_subscriptions', {
      statusPageId: page.id,
      subscriptions: [{ type: 'EMAIL', config: 'mcp@example.com' }],
      autoVerify: true,
    });
    expect(subscribed.structuredContent).toEqual({ created: 1, skipped: 0, status: 'VERIFIED' });
    const listed = (await call(client, 'list_subscriptions', { statusPageId: page.id })).structuredContent as {
      result: { id: string; address: string }[];
    };
    const mine = listed.result.find((subscription) => subscription.address === 'mcp@example.com')!;
    const removed = await call(client, 'delete_subscription', { statusPageId: page.id, subscriptionId: mine.id });
    expect(removed.isError, text(removed)).toBeFalsy();

    const groups = (await call(client, 'list_error_groups', { limit: 5, page: 1 })).structuredContent as {
      result: { id: string; checkId: string }[];
    };
    expect(groups.result.length).toBeGreaterThan(0);
    const [group] = groups.result;
    expect((await call(client, 'get_error_group', { id: group!.id })).structuredContent).toMatchObject({ id: group!.id });
    const ofCheck = (await call(client, 'list_check_error_groups', { checkId: group!.checkId })).structuredContent as {
      result: { id: string }[];
    };
    expect(ofCheck.result.map((g) => g.id)).toContain(group!.id);
    const requested = await call(client, 'request_error_group_analysis', { errorGroupId: group!.id });
    expect(requested.structuredContent).toMatchObject({ status: 'PENDING' });

    const api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
    const ping = await api.recordHeartbeatEvent({
      params: { checkId: '00000000-0000-4000-8000-0000000000c2' },
      body: { state: 'RECEIVED' },
    });
    const events = (await call(client, 'list_heartbeat_events', { checkId: '00000000-0000-4000-8000-0000000000c2', limit: 5 }))
      .structuredContent as {
      result: { events: { id: string }[] }[];
    };
    expect(events.result[0]!.events.map((event) => event.id)).toEqual([ping.id]);
    expect(
      (await call(client, 'get_heartbeat_event', { checkId: '00000000-0000-4000-8000-0000000000c2', id: ping.id })).structuredContent,
    ).toMatchObject({
      event: { id: ping.id },
    });
    const runtimes = (await call(client, 'list_runtimes')).structuredContent as { result: { name: string }[] };
    expect((await call(client, 'get_runtime', { id: runtimes.result[0]!.name })).structuredContent).toEqual(runtimes.result[0]);
  });

  it('reports validation errors naming the field, unknown ids with the HTTP status, and keeps serving', async () => {
    const invalid = await call(client, 'create_incident', { name: '', severity: 'APOCALYPTIC', services: [], incidentUpdates: [] });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/^invalid arguments: /);
    expect(text(invalid)).toContain('severity');
    expect(text(invalid)).toContain('name');

    const unknownArg = await call(client, 'get_incident', { incidentId: 'x', color: 'red' });
    expect(unknownArg.isError).toBe(true);
    expect(text(unknownArg)).toContain('color: unknown argument');

    const missing = await call(client, 'get_incident', { incidentId: '00000000-0000-4000-8000-00000000dead' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/^HTTP 404: /);

    // An id the API takes only as a UUID is refused unsent, naming the argument; the schema says so.
    const malformed = await call(client, 'get_heartbeat_event', { checkId: 'nightly-backup', id: '00000000-0000-4000-8000-00000000beef' });
    expect(text(malformed)).toBe('invalid arguments: checkId: expected a UUID (8-4-4-4-12 hexadecimal digits), got "nightly-backup"');
    const schema = tools.find((tool) => tool.name === 'get_heartbeat_event')!.inputSchema as {
      properties: Record<string, { format?: string }>;
    };
    expect(schema.properties.checkId?.format).toBe('uuid');
    const runtime = tools.find((tool) => tool.name === 'get_runtime')!.inputSchema as { properties: Record<string, { format?: string }> };
    expect(runtime.properties.id?.format).toBeUndefined();

    const noTool = await call(client, 'drop_database');
    expect(noTool.isError).toBe(true);

    // Still serving after errors.
    const runtimes = await call(client, 'list_runtimes');
    expect(runtimes.isError).toBeFalsy();
    for (const result of [invalid, unknownArg, missing]) expect(JSON.stringify(result)).not.toContain(server.account.key);
  });

  it("answers a call of every tool whose row has a sample, made from the sample and the account's ids", async () => {
    const api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
    const page = (await api.listStatusPages({})).entries[0]!;
    const { id, name, accountId } = page.cards[0]!.services[0]!;
    const services = [{ id, name, accountId }];
    const incident = await api.createIncident({
      body: { name: 'MCP samples', severity: 'MINOR', services, incidentUpdates: [{ description: 'Looking' }] },
    });
    const group = await api.recordErrorEvent({ body: { checkId: 'mcp-samples', rawErrorMessage: 'Error: sampled' } });
    // An id of the account for each path parameter name.
    const ids: Record<string, string> = {
      statusPageId: page.id,
      incidentId: incident.id,
      incidentUpdateId: incident.incidentUpdates[0]!.id,
      testSessionErrorGroupId: group.id,
      errorGroupId: group.id,
      id: group.id,
      checkId: Object.values(demoIds(server.account.id).heartbeatChecks)[0]!,
    };
    const v3 = await v3Ids(server);
    const demo = demoIds(server.account.id);
    const triage = await triageIds(server);
    const maintenance = await maintenanceIds(server);
    const sampled = PUBLIC_IDS.filter((opId) => sampleOf(opId as OperationId)) as OperationId[];
    expect(sampled.length).toBeGreaterThan(10);
    for (const opId of sampled) {
      const tool = tools.find((each) => each.name === toolName(opId))!;
      // A V3 route's ids name V3 records: the demo V3 page's, an incident and the automation rule on it.
      const path = routes[opId].path;
      const own = path.startsWith('/v3/')
        ? { ...ids, ...v3, ruleId: demo.v3AutomationRules.checkoutFailing }
        : isTriagePath(path)
          ? { ...ids, ...triage }
          : path.startsWith('/v1/maintenance-windows/')
            ? { ...ids, ...(opId === 'updateMaintenance' ? maintenance.moved : maintenance.updated) }
            : ids;
      const params = Object.fromEntries(Object.keys(sampleOf(opId)?.params ?? {}).map((param) => [param, own[param]!]));
      const result = await call(client, tool.name, withComponent(sampleArgs(tool, opId, params, services), v3.componentId));
      expect(result.isError, `${tool.name}: ${text(result)}`).toBeFalsy();
    }
    const more = [...triageCalls(triage), ...maintenanceCalls(maintenance)];
    const calls = [...v3Calls(v3), ...(await v3AutomationCalls(server, v3.statusPageId, v3.componentId)), ...more];
    for (const [name, args] of calls) {
      const result = await call(client, name, args);
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
    }
  });

  it('has called every tool it lists, each answering without an error', () => {
    expect([...answered].sort()).toEqual(tools.map((tool) => tool.name).sort());
  });
});

describe('statusctl mcp without credentials', () => {
  it('starts, says so on stderr, and answers each call with an error', async () => {
    // Nothing listens there: without a key no call may reach it, and one that did would fail otherwise.
    const { client, stderr } = await connect({ STATUSCTL_BASE_URL: await closedPortUrl(), STATUSCTL_API_KEY: undefined });
    try {
      expect((await client.listTools()).tools).toHaveLength(PUBLIC_IDS.length);
      for (const name of ['list_runtimes', 'list_incidents']) {
        const result = await call(client, name);
        expect(result.isError).toBe(true);
        expect(text(result)).toContain('no API key');
      }
      expect(stderr()).toContain('no API key');
    } finally {
      await client.close();
    }
  });
});

describe('statusctl mcp with an account id that is not a UUID', () => {
  it('starts, and answers each call with the refusal every other command gives, sending nothing', async () => {
    let requests = 0;
    const { stderr, close, client } = await connectToStub((_request, response) => {
      requests += 1;
      response.writeHead(500).end();
    }, 'acct-1');
    const refusal =
      'the account id "acct-1" (from STATUSCTL_ACCOUNT_ID) is not a UUID (8-4-4-4-12 hexadecimal digits), the only form the API takes' +
      "; hint: the account's id is shown in its settings: set it with --account-id, STATUSCTL_ACCOUNT_ID or 'statusctl login'";
    try {
      for (const name of ['list_runtimes', 'list_incidents']) {
        const result = await call(client, name);
        expect(result.isError).toBe(true);
        expect(text(result)).toBe(refusal);
      }
      expect(stderr()).toContain(`statusctl mcp: ${refusal}; every tool call`);
      expect(requests).toBe(0);
    } finally {
      await close();
    }
  });
});

describe('statusctl mcp, error answers of a stub server', () => {
  // One stub and one mcp process for these tests: each test says what the stub answers.
  let answer: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.writeHead(500).end();
  let stub: Awaited<ReturnType<typeof connectToStub>>;
  beforeAll(async () => {
    stub = await connectToStub((request, response) => answer(request, response));
  });
  afterAll(async () => {
    await stub?.close();
  });

  it("a message holding control characters: gives it on one line without them, as the CLI's error line does", async () => {
    const message = 'no incident\u001b[2J\u001b]0;title\u0007\r\nhere';
    answer = (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message }));
    };
    const result = await call(stub.client, 'get_incident', { incidentId: '00000000-0000-4000-8000-000000000001' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('HTTP 404: no incident [2J ]0;title here');
  });

  it('a 400 naming the fields it refused: gives each refusal once, the message, then only the fields it leaves out', async () => {
    // Answered in turn, one per call: the reference server's shape (a message naming the first
    // field, details naming each) for one field and for two, then the hosted API's (its keys).
    const answers = [
      { message: '"incidentId" must be a valid GUID', details: [{ path: 'incidentId', message: 'must be a valid GUID' }] },
      {
        message: '"checkId" must be a valid GUID (and 1 more)',
        details: [
          { path: 'checkId', message: 'must be a valid GUID' },
          { path: 'id', message: 'must be a valid GUID' },
        ],
      },
      { message: '"incidentId" must be a valid GUID', validation: { source: 'params', keys: ['incidentId'] } },
    ];
    answer = (_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 400, error: 'Bad Request', ...answers.shift() }));
    };
    const ids = { checkId: '00000000-0000-4000-8000-0000000000c1', id: '00000000-0000-4000-8000-0000000000e1' };
    const { client } = stub;
    expect(text(await call(client, 'get_incident', { incidentId: ids.id }))).toBe('HTTP 400: "incidentId" must be a valid GUID');
    expect(text(await call(client, 'get_heartbeat_event', ids))).toBe(
      'HTTP 400: "checkId" must be a valid GUID (and 1 more) (id: must be a valid GUID)',
    );
    expect(text(await call(client, 'get_incident', { incidentId: ids.id }))).toBe('HTTP 400: "incidentId" must be a valid GUID');
  });
});

describe('README', () => {
  // The table is made from the tool definitions: STATUSCTL_WRITE_README=1 writes it into
  // docs/mcp.md, so a new operation needs no hand-written row.
  it('lists every tool with its title, as defined from the contract', () => {
    expectDocTable(join(ROOT, 'docs/mcp.md'), 'mcp-tools', mcpToolTable());
  });

  it('lists every toolset with what it serves and whether it is a default one', () => {
    const rows = toolsets().map(
      ({ name, description, default: isDefault }) => `| \`${name}\` | ${description} | ${isDefault ? 'yes' : 'no'} |`,
    );
    const table = [
      '<!-- mcp-toolsets:start -->',
      '| Toolset | What it serves | Default |',
      '| --- | --- | --- |',
      ...rows,
      '<!-- mcp-toolsets:end -->',
    ];
    expectDocTable(join(ROOT, 'docs/mcp.md'), 'mcp-toolsets', table.join('\n'));
  });
});

/** The README's tool table, made from the tool definitions (paste this when it changes). */
function mcpToolTable(): string {
  const rows = defineTools().map((tool) => {
    const kind = tool.annotations.readOnlyHint ? 'read' : tool.annotations.destructiveHint ? 'write, destructive' : 'write';
    const args = [...tool.pathParams, ...tool.queryFields, ...tool.bodyFields].map((name) => `\`${name}\``).join(', ') || 'none';
    return `| \`${tool.name}\` | ${tool.description.split('\n\n')[0]!.split('. ')[0]!.replace(/\.$/, '')} | ${tool.toolset} | ${kind} | ${args} |`;
  });
  return [
    '<!-- mcp-tools:start -->',
    '| Tool | What it does | Toolset | Kind | Arguments |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '<!-- mcp-tools:end -->',
  ].join('\n');
}
