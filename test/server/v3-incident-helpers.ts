// What the V3 incident tests share: V3 status pages with three components each, from a fixture
// file (every account of the server gets its own copy, with ids of its own), handed out one per
// call so each test has pages of its own; and the paths and bodies of their incidents.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { seededId } from '../../src/server/fixtures/ids.js';
import { tempDir } from '../durability/helpers.js';
import { ACCOUNT_A, type TestServer } from './helpers.js';

const PAGES = 12;
const COMPONENTS = ['api', 'database', 'cdn'] as const;

/** A fixture file of V3 pages `p1`…`p12`, each with the components API, Database and CDN. */
export function v3PagesFixtures(): string {
  const path = join(tempDir(), 'v3-pages.json');
  const v3StatusPages = Array.from({ length: PAGES }, (_, index) => ({
    id: `p${index + 1}`,
    name: `Page ${index + 1}`,
    url: `v3-incidents-${index + 1}`,
    components: COMPONENTS.map((id) => ({ id, name: id.toUpperCase() })),
  }));
  writeFileSync(path, JSON.stringify({ v3StatusPages }));
  return path;
}

export interface V3Page {
  id: string;
  /** Its slug: its HTML page and live stream are at /status/{accountId}/{url}. */
  url: string;
  /** Ids of its components: API, Database, CDN. */
  components: [string, string, string];
}

const handedOut = new WeakMap<TestServer, Map<string, number>>();

/** A V3 page of the account (by default the server's first) that no other test of the server was given. */
export async function v3Page(server: TestServer, account: { id: string; key: string } = ACCOUNT_A): Promise<V3Page> {
  const given = handedOut.get(server) ?? new Map<string, number>();
  handedOut.set(server, given);
  const n = (given.get(account.id) ?? 0) + 1;
  given.set(account.id, n);
  expect(n, 'more V3 pages asked for than the fixtures hold').toBeLessThanOrEqual(PAGES);
  const id = seededId(account.id, 'v3-page', `p${n}`);
  const page = await server.call('GET', `/v3/status-pages/${id}`, { key: account.key });
  expect(page.status, page.text).toBe(200);
  const components = COMPONENTS.map((component) => seededId(account.id, 'v3-component', `p${n}/${component}`));
  return { id, url: page.json.url, components: components as V3Page['components'] };
}

export const incidentsOf = (page: { id: string }) => `/v3/status-pages/${page.id}/incidents`;
export const updatesOf = (page: { id: string }, incidentId: string) => `${incidentsOf(page)}/${incidentId}/incident-updates`;

/** A create body: the name, one first update, and the impacts given. */
export function openBody(impacts: { componentId: string; status: string }[] = [], update: Record<string, unknown> = {}) {
  return {
    name: 'API errors',
    componentImpacts: impacts,
    incidentUpdates: [{ description: 'Investigating', status: 'INVESTIGATING', ...update }],
  };
}

/** Opens an incident on the page; its answer. */
export async function openIncident(
  server: TestServer,
  page: V3Page,
  impacts: { componentId: string; status: string }[] = [],
  update: Record<string, unknown> = {},
  key = ACCOUNT_A.key,
): Promise<any> {
  const created = await server.call('POST', incidentsOf(page), { key, body: openBody(impacts, update) });
  expect(created.status, created.text).toBe(201);
  return created.json;
}
