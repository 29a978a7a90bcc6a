// `incident-updates list|get|put|delete` on an incident of a V3 status page, through the built
// binary against the reference server's demo data (its V3 page "Acme Platform"): the same
// commands, short ids, formats and checks as on a v2 incident, each request sent to the page's
// own routes, and the last update of a V3 incident kept, as the API keeps it.
import { describe, expect, it, vi } from 'vitest';
import type { IncidentUpdate, V3Incident } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[], input?: string) => runCli(args, { env: test.server.env, ...(input !== undefined ? { input } : {}) });

const V3_PAGES = '/v3/status-pages';

/** An incident on the demo's V3 page, its first update dated `first`, with `more` updates after it (an hour apart). */
async function v3Incident(name: string, more: { status: string; description: string }[] = [], first = '2025-03-10T10:00:00Z') {
  const pages = (await test.server.call('GET', V3_PAGES)).json.entries as { id: string; url: string }[];
  const pageId = pages.find((page) => page.url === 'acme-platform')!.id;
  const created = await test.server.call('POST', `${V3_PAGES}/${pageId}/incidents`, {
    body: { name, incidentUpdates: [{ description: 'Looking into it.', status: 'INVESTIGATING', publicIncidentUpdateDate: first }] },
  });
  expect(created.status, created.text).toBe(201);
  const incident = created.json as V3Incident;
  const updates = `${V3_PAGES}/${pageId}/incidents/${incident.id}/incident-updates`;
  for (const [index, update] of more.entries()) {
    const date = new Date(Date.parse(first) + (index + 1) * 3_600_000).toISOString();
    const posted = await test.server.call('POST', updates, { body: { ...update, publicIncidentUpdateDate: date } });
    expect(posted.status, posted.text).toBe(201);
  }
  const read = async () => (await test.server.call('GET', `${V3_PAGES}/${pageId}/incidents/${incident.id}`)).json as V3Incident;
  return { pageId, id: incident.id, updates, read, incident: await read() };
}

const newestFirst = (updates: IncidentUpdate[]) =>
  [...updates].sort((a, b) => Date.parse(b.publicIncidentUpdateDate) - Date.parse(a.publicIncidentUpdateDate));

describe('incident-updates list and get on a V3 incident', () => {
  it('list: newest first, piped as for a v2 incident; -o json is the API answer; -o md a table; a short id of the incident', async () => {
    const made = await v3Incident('Webhooks delayed', [
      { status: 'IDENTIFIED', description: 'A stuck queue.' },
      { status: 'MONITORING', description: 'Queue drained.' },
    ]);
    const newest = newestFirst(made.incident.incidentUpdates);
    const piped = await cli(['incident-updates', 'list', made.id.slice(0, 8)]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toEqual(
      newest.map((u) => [u.id, u.publicIncidentUpdateDate, u.status, u.notifySubscribers ? 'yes' : 'no', u.description].join('\t')),
    );
    const json = await cli(['incident-updates', 'list', made.id, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson(json)).toEqual((await test.server.call('GET', made.updates)).json);
    const md = await cli(['incident-updates', 'list', made.id, '-o', 'md']);
    expect(md.stdout).toMatch(/^\| ID +\| TIME +\| STATUS +\| NOTIFY +\| DESCRIPTION +\|\n/i);
    expect(md.stdout).toContain(`\`${newest[0]!.id}\``);
  });

  it('get: an update by a short id, on the page; the record as for a v2 update; -o json the API answer', async () => {
    const made = await v3Incident('Dashboard slow', [{ status: 'IDENTIFIED', description: 'A slow query.' }]);
    const update = made.incident.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
    const got = await cli(['incident-updates', 'get', made.id, update.id.slice(0, 8)]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe(
      [
        `id\t${update.id}`,
        `incident\t${made.id}`,
        'status\tIDENTIFIED',
        'description\tA slow query.',
        `time\t${update.publicIncidentUpdateDate}`,
        'notify\tno',
        '',
      ].join('\n'),
    );
    const json = await cli(['incident-updates', 'get', made.id.slice(0, 8), update.id, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson(json)).toEqual((await test.server.call('GET', `${made.updates}/${update.id}`)).json);
  });

  it('an update prefix that fits none is exit 4 with the closest; an unknown update id is the API 404', async () => {
    const made = await v3Incident('Status API errors');
    const [only] = made.incident.incidentUpdates;
    const typo = `${only!.id.slice(0, 7)}${only!.id[7] === '0' ? '1' : '0'}`;
    const near = await cli(['incident-updates', 'get', made.id, typo]);
    expect(near.code).toBe(4);
    expect(near.stderr).toContain(`incident ${made.id} has no update whose id starts with "${typo}" (did you mean`);
    const unknown = await cli(['incident-updates', 'get', made.id, '00000000-0000-4000-8000-0000000000ff']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/^statusctl: 404 /);
  });
});
