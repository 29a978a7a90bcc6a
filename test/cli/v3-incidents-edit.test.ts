// `incidents edit` on an incident of a V3 status page, through the built binary against the
// reference server: --component NAME=IMPACT (operational ends an impact) reconciles the impacts
// through the API's PUT, which is sent whole (each component's status now); --name alone leaves
// the impacts out; --add-service, --remove-service and --severity name components there; the dry
// run prints the PUT and sends nothing; what cannot be changed is exit 2 before anything is sent.
import { describe, expect, it, vi } from 'vitest';
import type { V3Incident } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';
import { createV3, platform, readV3 } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[]) => runCli(args, { env: test.server.env });

type Window = V3Incident['componentImpacts'][number];

/** Each component's open impact. */
const openOf = (windows: Window[]) =>
  Object.fromEntries(windows.filter((window) => window.endedAt === null).map((window) => [window.componentId, window.status]));

describe('incidents edit on a V3 incident', () => {
  it('--component sets what a component is now, operational ends its impact; the others keep theirs', async () => {
    const ids = (await platform(test.server)).components;
    const incident = await createV3(test.server, 'Checkout slow', 'Webhooks=partial', 'Dashboard=degraded', 'REST API=degraded');
    const edited = await cli([
      'incidents',
      'edit',
      incident.id.slice(0, 8),
      '--component',
      'webhooks=major',
      '--component',
      'Dashboard=operational',
      '-o',
      'json',
    ]);
    expect(edited.code, edited.stderr).toBe(0);
    const answer = parseJson<V3Incident>(edited);
    expect(openOf(answer.componentImpacts)).toEqual({
      [ids.get('Webhooks')!]: 'MAJOR_OUTAGE',
      [ids.get('REST API')!]: 'DEGRADED_PERFORMANCE',
    });
    // The old windows ended, a new one opened for the changed impact: the timeline keeps what was.
    const webhooks = answer.componentImpacts.filter((window) => window.componentId === ids.get('Webhooks'));
    expect(webhooks.map((window) => [window.status, window.endedAt === null])).toEqual(
      expect.arrayContaining([
        ['PARTIAL_OUTAGE', false],
        ['MAJOR_OUTAGE', true],
      ]),
    );
    expect(answer.componentImpacts.some((window) => window.componentId === ids.get('Dashboard') && window.endedAt !== null)).toBe(true);

    // Shown as every incident is: its worst impact as its severity.
    const shown = await cli(['incidents', 'edit', incident.id, '--name', 'Checkout slow in the EU']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^Edited incident|^id\t/m);
    expect(shown.stdout).toMatch(/^severity\tMAJOR_OUTAGE$/m);
    const renamed = await readV3(test.server, incident);
    expect(renamed.name).toBe('Checkout slow in the EU');
    expect(renamed.componentImpacts).toEqual(answer.componentImpacts);
  });

  it('--dry-run prints the whole PUT and sends nothing; --name alone leaves the impacts out', async () => {
    const ids = (await platform(test.server)).components;
    const incident = await createV3(test.server, 'Search down', 'Status API=major');
    const planned = await cli(['incidents', 'edit', incident.id, '--component', 'Login and SSO=maintenance', '--dry-run', '-o', 'json']);
    expect(planned.code, planned.stderr).toBe(0);
    expect(parseJson(planned)).toEqual({
      method: 'PUT',
      path: `/v3/status-pages/${incident.statusPageId}/incidents/${incident.id}`,
      body: {
        name: 'Search down',
        componentImpacts: [
          { componentId: ids.get('Status API'), status: 'MAJOR_OUTAGE' },
          { componentId: ids.get('Login and SSO'), status: 'UNDER_MAINTENANCE' },
        ],
      },
    });
    const named = await cli(['incidents', 'edit', incident.id, '--name', 'Search is down', '--dry-run', '-o', 'json']);
    expect(parseJson<{ body: unknown }>(named).body).toEqual({ name: 'Search is down' });
    expect(await readV3(test.server, incident)).toEqual(incident);
  });

  it('--add-service, --remove-service and --severity name components of a V3 incident', async () => {
    const ids = (await platform(test.server)).components;
    const incident = await createV3(test.server, 'Deliveries late', 'Webhooks=degraded');
    const added = await cli([
      'incidents',
      'edit',
      incident.id,
      '--add-service',
      'Email delivery',
      '--severity',
      'critical',
      '--remove-service',
      'Webhooks',
      '-o',
      'json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(openOf(parseJson<V3Incident>(added).componentImpacts)).toEqual({ [ids.get('Email delivery')!]: 'MAJOR_OUTAGE' });
    const lowered = await cli(['incidents', 'edit', incident.id, '--severity', 'minor', '-o', 'json']);
    expect(lowered.code, lowered.stderr).toBe(0);
    expect(openOf(parseJson<V3Incident>(lowered).componentImpacts)).toEqual({ [ids.get('Email delivery')!]: 'DEGRADED_PERFORMANCE' });
  });

  it('what cannot be changed is exit 2 naming it, with a hint, and nothing is sent', async () => {
    const incident = await createV3(test.server, 'Dashboard blank', 'Dashboard=partial');
    const unknown = await cli(['incidents', 'edit', incident.id, '--component', 'Dashbord=major']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--component "Dashbord": no such component on status page Acme Platform \(did you mean Dashboard\?\)/);
    expect(unknown.stderr).toMatch(/^hint: /m);
    const badWord = await cli(['incidents', 'edit', incident.id, '--component', 'Dashboard=broken']);
    expect(badWord.code).toBe(2);
    expect(badWord.stderr).toMatch(/"broken" is not an impact/);
    expect(await readV3(test.server, incident)).toEqual(incident);

    const v2 = parseJson<{ id: string }>(
      await cli(['incidents', 'create', '--name', 'Web App slow', '--severity', 'minor', '--service', 'Web App', '--yes', '-o', 'json']),
    );
    const onV2 = await cli(['incidents', 'edit', v2.id, '--component', 'Dashboard=major']);
    expect(onV2.code).toBe(2);
    expect(onV2.stderr).toMatch(/is on a v2 status page .*--component/);
    expect(onV2.stderr).toMatch(/^hint: .*--add-service/m);

    const resolved = await cli(['incidents', 'resolve', incident.id, '--message', 'Fixed.']);
    expect(resolved.code, resolved.stderr).toBe(0);
    const late = await cli(['incidents', 'edit', incident.id, '--component', 'Dashboard=major']);
    expect(late.code).toBe(2);
    expect(late.stderr).toMatch(/is resolved: it has no open impacts to change; nothing was sent/);
    expect(late.stderr).toMatch(/^hint: statusctl incidents impacts .* --set /m);
  });
});
