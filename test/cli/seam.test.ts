// The in-process seam itself: run() takes its streams, environment and clock from the caller
// and returns the exit code, touching neither process.exitCode nor the process's environment.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { tempConfigDir, useTestServer, runCli } from './helpers.js';

const shared = useTestServer();

describe('run(args, { io, env, now })', () => {
  it('returns the exit code and leaves process.exitCode alone', async () => {
    const before = process.exitCode;
    const result = await runCli(['incidents', 'get', 'no-such-incident'], { env: shared.server.env, inProcess: true });
    expect(result.code).toBe(4);
    expect(process.exitCode).toBe(before);
  });

  it('shows relative times against the clock it is given, on a terminal', async () => {
    const client = createClient({ baseUrl: shared.server.url, apiKey: shared.server.account.key, accountId: shared.server.account.id });
    const services = (await client.listStatusPages({})).entries.flatMap((page) => page.cards?.flatMap((card) => card.services ?? []) ?? []);
    const incident = await client.createIncident({
      body: {
        name: 'Seam clock',
        severity: 'MINOR',
        services: [{ id: services[0]!.id, name: services[0]!.name, accountId: shared.server.account.id }],
        incidentUpdates: [{ description: 'Looking' }],
      },
    });
    const updated = Date.parse(incident.incidentUpdates?.[0]?.publicIncidentUpdateDate ?? '');
    expect(updated).not.toBeNaN();
    const threeHoursLater = updated + 3 * 3_600_000 + 60_000;
    const result = await runCli(['incidents', 'list', '--no-color'], {
      env: shared.server.env,
      now: () => threeHoursLater,
      terminalColumns: 200,
      inProcess: true,
    });
    expect(result.code).toBe(0);
    const line = result.stdout.split('\n').find((row) => row.startsWith(incident.id.slice(0, 8)));
    expect(line).toContain('3 hours ago');
    // Piped, the same row carries the time itself (ISO 8601), whatever the clock.
    const piped = await runCli(['incidents', 'list'], { env: shared.server.env, now: () => threeHoursLater, inProcess: true });
    const row = piped.stdout.split('\n').find((text) => text.startsWith(incident.id));
    expect(row?.split('\t').at(-1)).toBe(incident.incidentUpdates?.[0]?.publicIncidentUpdateDate);
  });

  it('keeps the config file in the directory its environment names, not the process environment', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['config', 'path'], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code).toBe(0);
    expect(result.stdout.trim().startsWith(dir)).toBe(true);
    expect(process.env.STATUSCTL_CONFIG_DIR).not.toBe(dir);
  });

  it('writes commander messages (help, usage errors) to the streams it is given', async () => {
    const help = await runCli(['runtimes', 'list', '--help'], { inProcess: true });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: statusctl runtimes list');
    const usage = await runCli(['runtimes', 'list', '--bogus'], { inProcess: true });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("unknown option '--bogus'");
  });
});
