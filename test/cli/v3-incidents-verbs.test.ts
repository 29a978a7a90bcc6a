// The incident verbs on a V3 status page, through the built binary against the reference server:
// a user declares, updates, watches and resolves an incident on a V3 page with the same commands
// as on a v2 page. An id is found on whichever kind holds it, and the page found is remembered,
// so the next command on the incident reads it with one request.
import { describe, expect, it, vi } from 'vitest';
import type { V3Incident } from '../../src/contract/schemas.js';
import { parseJson, runCli, startCli, tempConfigDir, useTestServer } from './helpers.js';
import { createV3 } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[], input?: string) => runCli(args, { env: test.server.env, ...(input !== undefined ? { input } : {}) });

/** The requests the server has logged since `from` (its access log: one line a request). */
const requestsSince = (from: number) => test.server.logs.slice(from).filter((line) => /\b(GET|POST|PUT|PATCH|DELETE) \//.test(line));

describe('the incident verbs on a V3 page, as on a v2 page', () => {
  it('declares, updates, watches and resolves with the same commands on both kinds', async () => {
    for (const [kind, where] of [
      ['v2', ['--status-page', 'acme-cloud', '--severity', 'major']],
      ['v3', ['--status-page', 'acme-platform', '--component', 'Webhooks=partial']],
    ] as const) {
      const created = await cli(['incidents', 'create', '--name', `Queue backlog (${kind})`, ...where, '--yes', '-o', 'json']);
      expect(created.stderr, kind).toBe('');
      const { id } = parseJson<{ id: string }>(created);

      const shown = await cli(['incidents', 'get', id]);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(new RegExp(`^name\\tQueue backlog \\(${kind}\\)$`, 'm'));
      expect(shown.stdout).toMatch(/^status\tINVESTIGATING$/m);

      const watch = startCli(['incidents', 'watch', id.slice(0, 8), '--interval', '1', '--exit-status'], { env: test.server.env });
      await watch.line(/INVESTIGATING/);

      const added = await cli(['incident-updates', 'add', id, '--message', 'Draining the queue.', '--status', 'monitoring']);
      expect(added.code, added.stderr).toBe(0);
      await watch.line(/MONITORING.*Draining the queue\./);

      const resolved = await cli(['incidents', 'resolve', id, '--message', 'Queue drained.']);
      expect(resolved.code, resolved.stderr).toBe(0);
      expect(resolved.stdout).toMatch(new RegExp(`^${id}\\tresolved\\t`, 'm'));
      await watch.line(/RESOLVED.*Queue drained\./);
      expect((await watch.exited).code, watch.stderr()).toBe(0);

      const again = await cli(['incidents', 'resolve', id]);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(new RegExp(`^${id}\\talready-resolved\\t`, 'm'));

      const json = parseJson<{ lastUpdateStatus: string; incidentUpdates: unknown[] }>(await cli(['incidents', 'get', id, '-o', 'json']));
      expect(json.lastUpdateStatus).toBe('RESOLVED');
      expect(json.incidentUpdates).toHaveLength(3);
    }
  });

  it('-o json of a V3 incident is its V3 answer; the page found is remembered, so the next get makes one request', async () => {
    const { id } = await createV3(test.server, 'Status API errors', 'Status API=major');

    // A cache without the page (a new cache directory): /v1 first, then each V3 page.
    const fresh = {
      ...test.server.env,
      STATUSCTL_CACHE_DIR: tempConfigDir(),
    };
    const from = test.server.logs.length;
    const first = await runCli(['incidents', 'get', id, '-o', 'json'], { env: fresh });
    expect(first.code, first.stderr).toBe(0);
    const incident = parseJson<V3Incident>(first);
    expect(incident.statusPageId).toBeDefined();
    expect(incident.componentImpacts[0]?.status).toBe('MAJOR_OUTAGE');
    await test.server.logged(new RegExp(`GET /v3/status-pages/${incident.statusPageId}/incidents/${id}`));
    expect(requestsSince(from).some((line) => line.includes(`/v1/status-pages/incidents/${id}`))).toBe(true);

    const next = test.server.logs.length;
    const second = await runCli(['incidents', 'get', id], { env: fresh });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^severity\tMAJOR_OUTAGE$/m);
    await test.server.logged(/./);
    const made = requestsSince(next);
    expect(
      made.filter((line) => line.includes('/incidents/')),
      made.join('\n'),
    ).toHaveLength(1);
    expect(made.some((line) => line.includes('/v1/status-pages/incidents/'))).toBe(false);
  });

  it('an id no kind holds is exit 4 saying both were looked at; a V3 prefix is found as a v2 one is', async () => {
    const missing = await cli(['incidents', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/^statusctl: 404 /);

    const { id } = await createV3(test.server, 'Dashboard blank', 'Dashboard');
    const byPrefix = await cli(['incidents', 'get', id.slice(0, 8)]);
    expect(byPrefix.code, byPrefix.stderr).toBe(0);
    expect(byPrefix.stdout).toMatch(/^name\tDashboard blank$/m);
  });
});
