// The setup the V3 incident test files share, against the reference server's demo data (its V3
// page "Acme Platform", url acme-platform): the page and its components by name, an incident
// declared there through the built binary, one posted straight to the API with updates dated as
// a test needs, and an incident read back as the API holds it.
import { expect } from 'vitest';
import type { V3Incident } from '../../src/contract/schemas.js';
import { parseJson, runCli, type TestServer } from './helpers.js';

export const V3_PAGES = '/v3/status-pages';

/** The demo's V3 page: its id, and its components' ids by name. */
export async function platform(server: TestServer): Promise<{ pageId: string; components: Map<string, string> }> {
  const pages = (await server.call('GET', V3_PAGES)).json.entries as { id: string; url: string }[];
  const pageId = pages.find((page) => page.url === 'acme-platform')!.id;
  const list = (await server.call('GET', `${V3_PAGES}/${pageId}/components?limit=100`)).json.entries as { id: string; name: string }[];
  return { pageId, components: new Map(list.map((component) => [component.name, component.id])) };
}

/** An incident declared on the demo's V3 page by `incidents create`, each `impacts` a --component value. */
export async function createV3(server: TestServer, name: string, ...impacts: string[]): Promise<V3Incident> {
  const created = await runCli(
    [
      'incidents',
      'create',
      '--status-page',
      'acme-platform',
      '--name',
      name,
      ...impacts.flatMap((impact) => ['--component', impact]),
      '--yes',
      '-o',
      'json',
    ],
    { env: server.env },
  );
  expect(created.code, created.stderr).toBe(0);
  return parseJson<V3Incident>(created);
}

/** The incident as the API now holds it. */
export async function readV3(server: TestServer, incident: { id: string; statusPageId: string }): Promise<V3Incident> {
  return (await server.call('GET', `${V3_PAGES}/${incident.statusPageId}/incidents/${incident.id}`)).json as V3Incident;
}

/** An incident posted to the demo's V3 page, its first update dated `first`, with `more` updates after it (an hour apart). */
export async function postV3(
  server: TestServer,
  name: string,
  more: { status: string; description: string }[] = [],
  first = '2025-03-10T10:00:00Z',
) {
  const { pageId } = await platform(server);
  const created = await server.call('POST', `${V3_PAGES}/${pageId}/incidents`, {
    body: { name, incidentUpdates: [{ description: 'Looking into it.', status: 'INVESTIGATING', publicIncidentUpdateDate: first }] },
  });
  expect(created.status, created.text).toBe(201);
  const incident = created.json as V3Incident;
  const updates = `${V3_PAGES}/${pageId}/incidents/${incident.id}/incident-updates`;
  for (const [index, update] of more.entries()) {
    const date = new Date(Date.parse(first) + (index + 1) * 3_600_000).toISOString();
    const posted = await server.call('POST', updates, { body: { ...update, publicIncidentUpdateDate: date } });
    expect(posted.status, posted.text).toBe(201);
  }
  const read = () => readV3(server, incident);
  return { pageId, id: incident.id, updates, read, incident: await read() };
}
