// `incidents impacts` through the built binary against the reference server: a V3 incident's
// impact timeline piped, in Markdown and in JSON (the API's windows), and --set replacing it (the
// API's PUT) with FROM and TO as --since takes them, `FROM..` open while the incident is; what
// cannot be a timeline, and an incident of a v2 page, are exit 2 before anything is sent.
import { describe, expect, it, vi } from 'vitest';
import type { V3Incident } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';
import { createV3, readV3 } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[]) => runCli(args, { env: test.server.env });

type Window = V3Incident['componentImpacts'][number];

const minutes = (window: Window) => (Date.parse(window.endedAt!) - Date.parse(window.startedAt)) / 60_000;

describe('incidents impacts', () => {
  it("shows a V3 incident's windows piped, in Markdown and as the API's JSON", async () => {
    const incident = await createV3(test.server, 'Search slow', 'Dashboard=degraded', 'REST API=major');
    const piped = await cli(['incidents', 'impacts', incident.id.slice(0, 8)]);
    expect(piped.code, piped.stderr).toBe(0);
    const rows = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['Dashboard', 'DEGRADED_PERFORMANCE', incident.componentImpacts[0]!.startedAt, 'open'],
      ['REST API', 'MAJOR_OUTAGE', incident.componentImpacts[0]!.startedAt, 'open'],
    ]);
    const md = await cli(['incidents', 'impacts', incident.id, '-o', 'md']);
    expect(md.stdout).toMatch(/^\| COMPONENT \| IMPACT \| FROM \(UTC\) \| TO \(UTC\) \| LASTED \|$/m);
    expect(md.stdout).toMatch(/^\| REST API \| MAJOR_OUTAGE \| .* \| open \| .* so far \|$/m);
    const json = await cli(['incidents', 'impacts', incident.id, '-o', 'json']);
    expect(parseJson(json)).toEqual((await readV3(test.server, incident)).componentImpacts);
  });

  it('--set replaces the timeline: FROM and TO as --since takes them, FROM.. open; --dry-run sends nothing', async () => {
    const incident = await createV3(test.server, 'Webhooks failing', 'Webhooks=partial');
    const windows = [
      'Webhooks=major@90m..30m',
      'webhooks=partial@30m..',
      'Email delivery=degraded@2026-01-05T10:00:00Z..2026-01-05T11:15:00Z',
    ];
    const planned = await cli(['incidents', 'impacts', incident.id, ...windows.flatMap((w) => ['--set', w]), '--dry-run', '-o', 'json']);
    expect(planned.code, planned.stderr).toBe(0);
    const plan = parseJson<{ method: string; path: string; body: { componentImpacts: Window[] } }>(planned);
    expect(plan.method).toBe('PUT');
    expect(plan.path).toBe(`/v3/status-pages/${incident.statusPageId}/incidents/${incident.id}/component-impacts`);
    expect(await readV3(test.server, incident)).toEqual(incident);

    const set = await cli(['incidents', 'impacts', incident.id, ...windows.flatMap((w) => ['--set', w]), '-o', 'json']);
    expect(set.code, set.stderr).toBe(0);
    const stored = (await readV3(test.server, incident)).componentImpacts;
    expect(parseJson(set)).toEqual(stored);
    expect(stored.map((window) => window.status).sort()).toEqual(['DEGRADED_PERFORMANCE', 'MAJOR_OUTAGE', 'PARTIAL_OUTAGE']);
    const [major, partial, email] = ['MAJOR_OUTAGE', 'PARTIAL_OUTAGE', 'DEGRADED_PERFORMANCE'].map(
      (status) => stored.find((window) => window.status === status)!,
    ) as [Window, Window, Window];
    // 90 minutes ago to 30 minutes ago, then from that same moment on, still open.
    expect(minutes(major)).toBe(60);
    expect(partial.startedAt).toBe(major.endedAt);
    expect(partial.endedAt).toBeNull();
    expect([email.startedAt, email.endedAt]).toEqual(['2026-01-05T10:00:00.000Z', '2026-01-05T11:15:00.000Z']);
    expect(plan.body.componentImpacts.map((window) => window.status)).toEqual(['MAJOR_OUTAGE', 'PARTIAL_OUTAGE', 'DEGRADED_PERFORMANCE']);
  });

  it('a timeline that cannot be, or an open window on a resolved incident, is exit 2 naming each, nothing sent', async () => {
    const incident = await createV3(test.server, 'Login errors', 'Login and SSO=major');
    const bad = await cli([
      'incidents',
      'impacts',
      incident.id,
      '--set',
      'Login and SSO=major@1h..2h',
      '--set',
      'Dashboard=partial@soon..',
      '--set',
      'Webhooks=major@3h..1h',
      '--set',
      'Webhooks=degraded@2h..',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--set "Login and SSO=major@1h..2h": the window ends before it begins');
    expect(bad.stderr).toContain('--set "Dashboard=partial@soon..": soon is not a time');
    expect(bad.stderr).toContain('two windows of Webhooks at once');
    expect(bad.stderr).toMatch(/^hint: statusctl incidents impacts /m);
    expect(await readV3(test.server, incident)).toEqual(incident);

    expect((await cli(['incidents', 'resolve', incident.id, '--message', 'Fixed.'])).code).toBe(0);
    const open = await cli(['incidents', 'impacts', incident.id, '--set', 'Login and SSO=major@1h..']);
    expect(open.code).toBe(2);
    expect(open.stderr).toMatch(/an open window \(FROM\.\.\) needs an open incident, and this one is resolved/);

    const v2 = parseJson<{ id: string }>(
      await cli(['incidents', 'create', '--name', 'API slow', '--severity', 'minor', '--service', 'Public API', '--yes', '-o', 'json']),
    );
    const onV2 = await cli(['incidents', 'impacts', v2.id]);
    expect(onV2.code).toBe(2);
    expect(onV2.stderr).toMatch(/is on a v2 status page: it has services and a severity, not impact windows/);
    expect(onV2.stderr).toMatch(/^hint: statusctl incidents get /m);
  });
});
