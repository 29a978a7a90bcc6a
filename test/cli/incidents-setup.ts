// The setup the incidents test files share: `statusctl incidents ...` and `incident-updates ...`
// run in-process (run()) against the reference server, through a recording proxy, and every create
// body the CLI sends is checked against the hosted API's request schema (the reference server alone
// is too lenient to be the judge of that). A test file calls useIncidentsServer() once; the server,
// proxy, client and pages below are its own while its tests run.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import { createClient, type Client } from '../../src/client/index.js';
import { Incident, paginated, type StatusPage, V3IncidentListItem } from '../../src/contract/schemas.js';
import { parseJson, removeTempDirs, runCli, startTestServer, TEST_ACCOUNT, type RunResult, type TestServer } from './helpers.js';
import { startRecordingProxy, upstreamCreateIncidentErrors, type RecordingProxy } from './upstream-request.js';

/** Upstream wants `accountId` to be a UUID, so the account of these tests has one. */
export const ACCOUNT = { id: '5b0f7c52-3f0e-4a8e-9f57-0c6d1d2e8a41', key: TEST_ACCOUNT.key };
export const DEFAULT_FIRST_UPDATE = 'We are investigating this incident.';
export const CREATE_PATH = '/v1/status-pages/incidents';

export let server: TestServer;
export let proxy: RecordingProxy;
export let api: Client;
export let pages: StatusPage[];
export let serviceIds: string[];
/** How many recorded create bodies were already checked against upstream. */
let checkedBodies = 0;

/**
 * Starts this file's server (as ACCOUNT) and the recording proxy in front of it before its tests,
 * checks after each test every create body the CLI sent against upstream, and closes both after.
 */
export function useIncidentsServer(): void {
  beforeAll(async () => {
    checkedBodies = 0;
    server = await startTestServer({ accounts: [ACCOUNT] });
    proxy = await startRecordingProxy(server.url);
    api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
    pages = (await api.listStatusPages({ query: { limit: '100' } })).entries;
    serviceIds = [...new Set(pages.flatMap((page) => page.cards.flatMap((card) => card.services.map((service) => service.id))))];
  });
  // Every body any test of this file made the CLI send is one the hosted API would accept.
  afterEach(() => {
    const bodies = proxy.createBodies().slice(checkedBodies);
    checkedBodies += bodies.length;
    for (const body of bodies) expect(upstreamCreateIncidentErrors(body), JSON.stringify(body)).toEqual([]);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
    removeTempDirs();
  });
}

/** Runs against the test server (through the proxy) as its account, plain output unless told otherwise. */
export function cli(args: string[], env: Record<string, string | undefined> = {}, terminalColumns?: number): Promise<RunResult> {
  return runCli(args, { env: { ...server.env, STATUSCTL_BASE_URL: proxy.url, ...env }, terminalColumns, inProcess: true });
}

/**
 * The same through the built binary (bin/statusctl as a child process): declaring an incident is
 * the tool's main job, so a create from flags, its missing options and its dry run also run the
 * whole program as a user does. The other create cases run in this process: the same parsing,
 * service lookup and request, without starting Node for each.
 */
export function builtCli(args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runCli(args, { env: { ...server.env, STATUSCTL_BASE_URL: proxy.url, ...env } });
}

/** The body of the last create the CLI sent, which must be the only one since `before`. */
export function sentBody(before: number): unknown {
  const bodies = proxy.createBodies();
  expect(bodies.length).toBe(before + 1);
  return bodies.at(-1);
}

/** A service as upstream wants it on a create: exactly id, name and accountId. */
export function ref(id: string) {
  for (const page of pages)
    for (const card of page.cards)
      for (const service of card.services) if (service.id === id) return { id, name: service.name, accountId: ACCOUNT.id };
  throw new Error(`no service ${id} in the demo data`);
}

export function serviceNamed(name: string) {
  const found = pages.flatMap((page) => page.cards.flatMap((card) => card.services)).find((service) => service.name === name);
  if (!found) throw new Error(`no service named ${name} in the demo data`);
  return ref(found.id);
}

/** A page's services in card order, each once: what `--status-page` alone sends. */
export function servicesOfPage(name: string) {
  const page = pages.find((entry) => entry.name === name);
  if (!page) throw new Error(`no status page ${name}`);
  return [...new Set(page.cards.flatMap((card) => card.services.map((service) => service.id)))].map(ref);
}

/** `incidents list -o json`: the incidents of both kinds of status page, each in its own API's shape. */
export const IncidentsOfBothKinds = paginated(Incident.or(V3IncidentListItem));

/** A v2 incident of that list (a V3 one has its page's id and no severity). */
export const isV2Incident = (entry: z.infer<typeof Incident> | z.infer<typeof V3IncidentListItem>): entry is z.infer<typeof Incident> =>
  !('statusPageId' in entry);

/** Every incident of every V3 page of the account, read from the API. */
export async function allV3Incidents() {
  const pages = (await api.listV3StatusPages({ query: { limit: '100' } })).entries;
  const lists = await Promise.all(pages.map((page) => api.listV3Incidents({ params: { statusPageId: page.id }, query: { limit: '100' } })));
  return lists.flatMap((list) => list.entries);
}

export async function allIncidents() {
  const incidents = [];
  let nextId: string | undefined;
  do {
    const page = await api.listIncidents({ query: { limit: '100', ...(nextId ? { nextId } : {}) } });
    incidents.push(...page.entries);
    nextId = page.nextId ?? undefined;
  } while (nextId);
  return incidents;
}

export async function createIncident(name: string, extra: string[] = []) {
  const result = await cli([
    'incidents',
    'create',
    '--name',
    name,
    '--severity',
    'minor',
    '--service',
    serviceIds[0]!,
    '-o',
    'json',
    ...extra,
  ]);
  expect(result.code, result.stderr).toBe(0);
  return Incident.parse(parseJson(result));
}

export interface DryRun {
  method: string;
  path: string;
  body: { name: string; severity: string; services: unknown[]; incidentUpdates: unknown[] };
}

/** `--dry-run -o json`, which must succeed; its body is checked against upstream too. */
export async function dryRun(args: string[], env: Record<string, string | undefined> = {}): Promise<DryRun> {
  const result = await cli(['incidents', 'create', '--name', 'Dry', '--severity', 'major', ...args, '--dry-run', '-o', 'json'], env);
  expect(result.code, result.stderr).toBe(0);
  const request = parseJson<DryRun>(result);
  expect(upstreamCreateIncidentErrors(request.body), JSON.stringify(request.body)).toEqual([]);
  return request;
}
