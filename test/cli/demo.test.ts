// statusctl demo: runs the whole tour with no terminal and no stdin, as CI would.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli } from './helpers.js';

afterAll(removeTempDirs);

describe('statusctl demo', () => {
  it('tours every command against its own server and exits 0', async () => {
    const result = await runCli(['demo'], { timeoutMs: 150_000 });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const out = result.stdout;
    // Each step is shown as the command line, followed by what it printed.
    for (const step of [
      'login',
      'config list',
      'runtimes list',
      'runtimes get',
      'status-pages list',
      'services list --status-page',
      'subscriptions list',
      'incidents create',
      'incident-updates add',
      'incident-updates get',
      'incident-updates put',
      'incidents get',
      'incidents resolve',
      'incidents list',
      'rca request',
      'rca get',
      'error-groups archive',
      'error-groups unarchive',
      'error-groups list --check',
      'heartbeats availability',
      'heartbeats events',
      'status-pages open',
    ]) {
      expect(out).toContain(`$ statusctl ${step}`);
    }
    // Logged out without the variable the tour logged in with, so no note that it still applies.
    expect(out).toContain('$ env -u STATUSCTL_API_KEY statusctl logout\nRemoved the API key');
    expect(out).not.toContain('is still set in this environment');
    expect(out).toMatch(/^listening|Reference server listening on http:\/\/127\.0\.0\.1:\d+/m);
    // Services and pages are named as a person reads them on the status page, not by id.
    expect(out).toMatch(/\$ statusctl incidents create --name .+ --severity MINOR --status-page '[^']+' --dry-run/);
    expect(out).toMatch(/\$ statusctl incidents create --name .+ --severity MAJOR --service '[^']+' .*--yes/);
    // Results of the steps, not only their command lines.
    expect(out).toMatch(/Node\.js/);
    expect(out).toContain('Checkout API returns 502 errors');
    expect(out).toContain('RESOLVED');
    expect(out).toContain('Root cause');
    expect(out).toContain('still pending');
    expect(out).toContain('\tarchived\tfor ever\n');
    expect(out).toMatch(/\t91\.67\t100\.00\t-8\.33\t/);
    // The pings behind it: the failing one among the last five, as a piped row.
    expect(out).toMatch(/\tFAILING\t-\t[0-9a-f-]{36}\n/);
    expect(out).toContain('below --fail-under 99%');
    expect(out).toContain('(exit code 5)');
    expect(out).toContain('Tour finished');
    // The tour ends with the address of a status page as its visitors see it.
    expect(out).toMatch(/\$ statusctl status-pages open '[^']+'\nhttp:\/\/127\.0\.0\.1:\d+\/status\/[0-9a-f-]{36}\/[a-z-]+\n/);
    // The key is never shown in full; no colors on a pipe.
    expect(out).toMatch(/key \*\*\*\*\S{4}/);
    expect(out).not.toContain('\x1b[');
  }, 180_000);
});
