// `statusctl incidents create` on a V3 status page (components), through the built binary against
// the reference server's demo data (its V3 page "Acme Platform", url acme-platform): the components
// named with their impacts, the impact a severity stands for, --service naming components there,
// the dry run, and the bad values refused before anything is sent.
import { describe, expect, it, vi } from 'vitest';
import type { V3Incident } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';
import { platform } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[]) => runCli(args, { env: test.server.env });

describe('incidents create on a V3 page', () => {
  it('opens the incident with each component at its impact, by name in any case, and prints it with its worst impact as its severity', async () => {
    const { pageId, components } = await platform(test.server);
    const result = await cli([
      'incidents',
      'create',
      '--status-page',
      'Acme Platform',
      '--name',
      'Dashboard and API slow',
      '--component',
      'dashboard=degraded',
      '--component',
      'REST API=PARTIAL_OUTAGE',
      '--message',
      'Pages load slowly.',
      '--status',
      'identified',
      '-o',
      'json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const incident = parseJson<V3Incident>(result);
    expect(incident.statusPageId).toBe(pageId);
    expect(incident.name).toBe('Dashboard and API slow');
    expect(incident.lastUpdateStatus).toBe('IDENTIFIED');
    expect(
      incident.componentImpacts.map((window: { componentId: string; status: string; endedAt: unknown }) => [
        window.componentId,
        window.status,
        window.endedAt,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [components.get('Dashboard'), 'DEGRADED_PERFORMANCE', null],
        [components.get('REST API'), 'PARTIAL_OUTAGE', null],
      ]),
    );
    expect(incident.incidentUpdates[0]?.description).toBe('Pages load slowly.');

    // Piped, the record: the worst impact in the severity field, the components as its services.
    const piped = await cli([
      'incidents',
      'create',
      '--status-page',
      'Acme Platform',
      '--name',
      'Search slow',
      '--component',
      'Status API=major',
      '--component',
      'login=maintenance',
    ]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^severity\tMAJOR_OUTAGE$/m);
    expect(piped.stdout).toMatch(/^services\tStatus API \(.*\), Login and SSO \(/m);
  });

  it("a component named without an impact takes the severity's; --service names components on a V3 page", async () => {
    const { components } = await platform(test.server);
    const result = await cli([
      'incidents',
      'create',
      '--status-page',
      'acme-platform',
      '--name',
      'Webhooks down',
      '--severity',
      'critical',
      '--service',
      'Webhooks',
      '--component',
      'Email',
      '-o',
      'json',
    ]);
    expect(result.stderr).toBe('');
    const incident = parseJson<V3Incident>(result);
    const impacts = Object.fromEntries(
      incident.componentImpacts.map((window: { componentId: string; status: string }) => [window.componentId, window.status]),
    );
    expect(impacts).toEqual({ [components.get('Webhooks')!]: 'MAJOR_OUTAGE', [components.get('Email delivery')!]: 'MAJOR_OUTAGE' });
  });

  it('--dry-run prints the POST to the page with the impacts (partial without --severity) and sends nothing', async () => {
    const { pageId, components } = await platform(test.server);
    const before = (await test.server.call('GET', `/v3/status-pages/${pageId}/incidents?limit=100`)).json.length;
    const result = await cli(['incidents', 'create', '--status-page', pageId, '--name', 'Login slow', '--component', 'login', '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/dry run: nothing was sent/);
    const [line, ...body] = result.stdout.trim().split('\n');
    expect(line).toBe(`POST /v3/status-pages/${pageId}/incidents`);
    expect(JSON.parse(body.join('\n'))).toEqual({
      name: 'Login slow',
      componentImpacts: [{ componentId: components.get('Login and SSO'), status: 'PARTIAL_OUTAGE' }],
      incidentUpdates: [{ description: 'We are investigating this incident.', status: 'INVESTIGATING' }],
    });
    expect((await test.server.call('GET', `/v3/status-pages/${pageId}/incidents?limit=100`)).json.length).toBe(before);
  });

  it("an unknown component or impact is exit 2 naming it with the closest and the page's components; nothing is sent", async () => {
    const typo = await cli(['incidents', 'create', '--status-page', 'acme-platform', '--name', 'x', '--component', 'Webhoks=major']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/--component "Webhoks": no such component on status page Acme Platform \(did you mean Webhooks\?\)/);
    expect(typo.stderr).toMatch(/Email delivery \(service, id /);
    expect(typo.stderr).toMatch(/hint: statusctl components list "Acme Platform"/);

    const impact = await cli(['incidents', 'create', '--status-page', 'acme-platform', '--name', 'x', '--component', 'Webhooks=down']);
    expect(impact.code).toBe(2);
    expect(impact.stderr).toMatch(/"down" is not an impact: expected degraded, partial, major, maintenance/);

    const v2 = await cli(['incidents', 'create', '--status-page', 'acme-cloud', '--name', 'x', '--component', 'Webhooks']);
    expect(v2.code).toBe(2);
    expect(v2.stderr).toMatch(/is a v2 page of cards and services; name its services with --service/);

    const noPage = await cli(['incidents', 'create', '--name', 'x', '--severity', 'minor', '--component', 'Webhooks']);
    expect(noPage.code).toBe(2);
    expect(noPage.stderr).toMatch(/--component names components of a V3 status page: give the page with --status-page/);

    const none = await cli(['incidents', 'create', '--status-page', 'acme-platform', '--name', 'x']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/missing --component NAME\[=IMPACT\]/);
  });
});
