// `statusctl status` through the built binary against the reference server: what is failing now
// on one screen (open incidents of both kinds of page, maintenance, checks, heartbeats below their
// target, new error groups), -o json's five arrays, and --exit-status's 0 and 5. A server with no
// data stands for "nothing is failing"; a check result recorded with /_reference/check-results
// makes something fail.
import { describe, expect, it, vi } from 'vitest';
import { DEMO_KEYS } from '../../src/server/fixtures/demo/keys.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { parseJson, runCli, tempConfigDir, useTestServer } from './helpers.js';
import { emptyServer, recordFailure, type StatusJson } from './status-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const demo = useTestServer();

/** The demo's heartbeat checks: the invoice cron had an outage this morning, the search reindex none. */
const heartbeat = (key: keyof typeof DEMO_KEYS.heartbeatChecks) =>
  seededId(demo.server.account.id, 'check', DEMO_KEYS.heartbeatChecks[key]);

describe('statusctl status', () => {
  it('exits 0 with --exit-status when nothing fails, 5 once a check fails, which it shows', async () => {
    const server = await emptyServer();
    const calm = await runCli(['status', '--exit-status'], { env: server.env });
    expect(calm.code, calm.stderr).toBe(0);
    expect(calm.stdout).toContain('Open incidents: none');
    expect(calm.stdout).toContain('Failing and degraded checks: none');

    await recordFailure(server, 'Checkout API');
    const failing = await runCli(['status', '--exit-status'], { env: server.env });
    expect(failing.code, failing.stderr).toBe(5);
    expect(failing.stdout).toContain('Failing and degraded checks (1)');
    expect(failing.stdout).toMatch(/\tCheckout API\tfailing\t/);
    expect(failing.stdout).toContain('→ statusctl checks status --failing');
    expect(failing.stderr).toContain('failing now: 1 check failing or degraded');
    // Without --exit-status, what fails is shown and the command succeeds.
    expect((await runCli(['status'], { env: server.env })).code).toBe(0);
  });

  it('shows maintenance due within 24 hours, not later, and --exit-status does not count it as failing', async () => {
    const server = await emptyServer();
    const hour = 3_600_000;
    const window = (name: string, inHours: number) =>
      server.call('POST', '/v1/maintenance-windows', {
        body: {
          name,
          startsAt: new Date(Date.now() + inHours * hour).toISOString(),
          endsAt: new Date(Date.now() + (inHours + 1) * hour).toISOString(),
          repeatInterval: null,
          repeatUnit: 'DAY',
        },
      });
    for (const [name, hours] of [
      ['Database upgrade', 2],
      ['Network move', 72],
    ] as const) {
      const created = await window(name, hours);
      expect(created.status, created.text).toBe(201);
    }
    const result = await runCli(['status', '--exit-status'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Maintenance in progress or due within 24 h (1)');
    expect(result.stdout).toMatch(/\tSCHEDULED\t.*\tDatabase upgrade\n/);
    expect(result.stdout).not.toContain('Network move');
    const json = parseJson<StatusJson>(await runCli(['status', '-o', 'json'], { env: server.env }));
    expect(json.maintenances).toHaveLength(1);
  });

  it('--help ends with its docs page', async () => {
    const help = await runCli(['status', '--help'], { inProcess: true });
    expect(help.stdout).toMatch(/\n\nDocs: docs\/commands\.md#what-is-failing-now-statusctl-status\n$/);
  });

  it('-o json is one object of five arrays, the API answers', async () => {
    const result = await runCli(['status', '-o', 'json'], { env: demo.server.env });
    expect(result.code, result.stderr).toBe(0);
    const json = parseJson<StatusJson>(result);
    expect(Object.keys(json).sort()).toEqual(['checks', 'errorGroups', 'heartbeats', 'incidents', 'maintenances']);
    for (const part of Object.values(json)) expect(Array.isArray(part)).toBe(true);
    expect(json.checks.map((check) => check.name).sort()).toEqual(['Payments API', 'Status page API']);
    // Not asked for any: no API lists heartbeat checks.
    expect(json.heartbeats).toEqual([]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(json.errorGroups.length).toBeGreaterThan(0);
    for (const group of json.errorGroups) expect(group.firstSeen >= yesterday).toBe(true);
  });

  it('shows the open incidents of a v2 and of a V3 page', async () => {
    const json = parseJson<StatusJson>(await runCli(['status', '-o', 'json'], { env: demo.server.env }));
    const v3 = json.incidents.filter((incident) => incident.statusPageId !== undefined);
    const v2 = json.incidents.filter((incident) => incident.statusPageId === undefined);
    expect(v3.length).toBeGreaterThan(0);
    expect(v2.length).toBeGreaterThan(0);
    const shown = await runCli(['status'], { env: demo.server.env });
    expect(shown.code, shown.stderr).toBe(0);
    for (const incident of [v2[0]!, v3[0]!]) expect(shown.stdout).toContain(`${incident.id}\t${incident.name}\t`);
  });

  it('shows a named heartbeat below the target, from --heartbeat or the profile setting, and not one above it', async () => {
    const [INVOICE_CRON, SEARCH_REINDEX] = [heartbeat('invoiceCron'), heartbeat('searchReindex')];
    const env = { ...demo.server.env, STATUSCTL_CONFIG_DIR: tempConfigDir() };
    const named = await runCli(['status', '--heartbeat', `${INVOICE_CRON},${SEARCH_REINDEX}`, '-o', 'json'], { env });
    expect(named.code, named.stderr).toBe(0);
    const low = parseJson<StatusJson>(named).heartbeats;
    expect(low.map((heartbeat) => heartbeat.checkId)).toEqual([INVOICE_CRON]);
    expect(low[0]!.availability!.successRatio.currentPeriod).toBeLessThan(99.9);

    const set = await runCli(['config', 'set', 'heartbeats', `${INVOICE_CRON},${SEARCH_REINDEX}`], { env });
    expect(set.code, set.stderr).toBe(0);
    const fromProfile = await runCli(['status'], { env });
    expect(fromProfile.code, fromProfile.stderr).toBe(0);
    expect(fromProfile.stdout).toContain('Heartbeats below 99.9% (1)');
    expect(fromProfile.stdout).toContain(`${INVOICE_CRON}\t`);
    expect(fromProfile.stdout).not.toContain(`${SEARCH_REINDEX}\t`);
    // A lower target lets it through.
    const lower = parseJson<StatusJson>(await runCli(['status', '--fail-under', '50', '-o', 'json'], { env }));
    expect(lower.heartbeats).toEqual([]);
  });

  it('refuses a heartbeat that is no id, naming where it came from', async () => {
    const env = { ...demo.server.env, STATUSCTL_CONFIG_DIR: tempConfigDir() };
    const given = await runCli(['status', '--heartbeat', 'nightly'], { env });
    expect(given.code).toBe(2);
    expect(given.stderr).toMatch(/--heartbeat: expected .*UUID.*"nightly"/);
    const saved = await runCli(['config', 'set', 'heartbeats', 'nightly'], { env });
    expect(saved.code).toBe(2);
    expect(saved.stderr).toContain('heartbeats: expected heartbeat check ids (UUIDs), comma-separated; "nightly" is not one');
  });
});
