// What the CLI says when something is off, against the reference server: the closest names
// first ("did you mean") and errors that name the fix (an unreachable server, a base URL ending
// in /v1, output flags that disagree, gh's `--json FIELDS` habit), `help <noun> <verb>` and
// `version` through the CLI in the test process; the note when a message is read from a terminal
// through the built binary in a pseudo-terminal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { closedPortUrl, runCli, runPty, tempConfigDir, useTestServer } from './helpers.js';
import { testClock } from '../support/clock.js';

const requests: string[] = [];
const test = useTestServer({ log: (line) => requests.push(line) });
beforeEach(() => {
  requests.length = 0;
});

/** The indented lines of an error message (its list). */
function listed(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim());
}

describe('did you mean', () => {
  it('an unknown service: the closest names first, then every service; exit 2, nothing sent', async () => {
    const result = await runCli(['incidents', 'create', '--name', 'x', '--severity', 'major', '--service', 'Payment API', '--yes'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      'statusctl: --service "Payment API": no such service (did you mean "Payments API"?); the services, closest first:\n',
    );
    const services = listed(result.stderr);
    expect(services[0]).toMatch(/^Payments API \(id [0-9a-f-]{36}\) on Acme Payments$/);
    // Then every service of the account, each once.
    expect(services.length).toBeGreaterThan(10);
    expect(services.filter((line) => line.startsWith('Payments API'))).toHaveLength(1);
    expect(services).toContain(services.find((line) => line.startsWith('Web App')));
    expect(requests.filter((line) => line.includes('POST'))).toEqual([]);
  });

  it('an unknown status page: the close one first, then all of them', async () => {
    const result = await runCli(
      ['incidents', 'create', '--name', 'x', '--severity', 'major', '--status-page', 'Acme Paymnts', '--dry-run'],
      { env: test.server.env, inProcess: true },
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('no such status page (did you mean "Acme Payments"?); the status pages of the account, closest first:');
    const pages = listed(result.stderr);
    expect(pages[0]).toMatch(/^Acme Payments \(url /);
    // The demo's three v2 pages and its V3 page: --status-page names either kind.
    expect(pages).toHaveLength(4);
  });

  it('a name far from every service gets the full list only', async () => {
    const result = await runCli(['incidents', 'create', '--name', 'x', '--severity', 'major', '--service', 'zzzzzzzz', '--yes'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('did you mean');
    expect(result.stderr).toContain('no such service; the services:');
  });

  it('an enum value and an output format: the value meant', async () => {
    const severity = await runCli(['incidents', 'create', '--severity', 'majr'], { env: test.server.env, inProcess: true });
    expect(severity.code).toBe(2);
    expect(severity.stderr).toContain('expected one of CRITICAL, MAJOR, MEDIUM, MINOR (did you mean MAJOR?)');
    const output = await runCli(['incidents', 'list', '-o', 'jsno'], { env: test.server.env, inProcess: true });
    expect(output.code).toBe(2);
    expect(output.stderr).toContain('(did you mean json?)');
    const status = await runCli(['incidents', 'list', '--status', 'opne'], { env: test.server.env, inProcess: true });
    expect(status.stderr).toContain('(did you mean open?)');
  });

  it('an unknown profile: the close one first among the known profiles', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const profile = { baseUrl: test.server.url, apiKey: test.server.account.key };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { staging: profile, production: profile } }));
    const result = await runCli(['--profile', 'stagin', 'incidents', 'list'], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--profile names the profile 'stagin'");
    expect(result.stderr).toContain('(did you mean staging?)');
    expect(result.stderr).toContain('hint: known profiles: staging, production');
  });
});

describe('errors that name the fix', () => {
  it('connection refused: the hint names the base URL and the option it came from', async () => {
    const url = await closedPortUrl();
    // The retries of these runs wait on a clock of the test's, which they move instead of taking time.
    const result = await runCli(['--base-url', url, 'runtimes', 'list'], {
      env: { STATUSCTL_API_KEY: 'sk_test_x' },
      inProcess: true,
      clock: testClock(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('connection refused');
    expect(result.stderr).toContain(`hint: nothing listens at ${url} (from --base-url)`);
  });

  it('connection refused with the base URL from the environment: the hint names the variable', async () => {
    const url = await closedPortUrl();
    const result = await runCli(['runtimes', 'list'], {
      env: { STATUSCTL_API_KEY: 'sk_test_x', STATUSCTL_BASE_URL: url },
      inProcess: true,
      clock: testClock(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`hint: nothing listens at ${url} (from STATUSCTL_BASE_URL)`);
  });

  it("the local default refused: the hint says to start 'statusctl server'", async (context) => {
    // The default address is fixed (127.0.0.1:4010); another program may hold it on this machine.
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(4010, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) context.skip('port 4010 is in use here, so the default base URL is not refused');
    const result = await runCli(['runtimes', 'list'], { env: { STATUSCTL_API_KEY: 'sk_test_x' }, inProcess: true, clock: testClock() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "hint: nothing listens at http://127.0.0.1:4010 (from the default): start the reference server with 'statusctl server'",
    );
  });

  it('a host DNS does not know: the hint names the base URL', async () => {
    const result = await runCli(['--base-url', 'http://statusctl-test.invalid', 'runtimes', 'list'], {
      env: { STATUSCTL_API_KEY: 'sk_test_x' },
      inProcess: true,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('hint: the host of http://statusctl-test.invalid (from --base-url) is not known to DNS');
  });

  it('a base URL ending in /v1 is a usage error before any request, with the URL to use', async () => {
    const withV1 = `${test.server.url}/v1/`;
    const option = await runCli(['--base-url', withV1, 'runtimes', 'list'], {
      env: { STATUSCTL_API_KEY: test.server.account.key },
      inProcess: true,
    });
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('ends in /v1');
    expect(option.stderr).toContain(`hint: --base-url ${test.server.url}\n`);
    const env = await runCli(['runtimes', 'list'], {
      env: { ...test.server.env, STATUSCTL_BASE_URL: `${test.server.url}/v1` },
      inProcess: true,
    });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain(`hint: export STATUSCTL_BASE_URL=${test.server.url}\n`);
    expect(requests).toEqual([]);
  });

  it('config set base-url refuses a /v1 address', async () => {
    const result = await runCli(['config', 'set', 'base-url', 'https://api.example.com/v1'], { inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('use https://api.example.com');
  });

  it('output flags that disagree are a usage error; those that agree are fine', async () => {
    for (const args of [
      ['--json', '-o', 'md'],
      ['-o', 'md', '--jq', '.'],
      ['-o', 'table', '--json'],
    ]) {
      const result = await runCli(['runtimes', 'list', ...args], { env: test.server.env, inProcess: true });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^statusctl: -o (md|table) and --(json|jq) ask for different outputs\nhint: /);
    }
    expect(requests).toEqual([]);
    const agreeing = await runCli(['runtimes', 'list', '--json', '-o', 'json', '--jq', '.[0].name'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(agreeing.code, agreeing.stderr).toBe(0);
    expect(agreeing.stdout).toMatch(/^\d{4}\.\d{2}\n$/);
  });

  it("gh's --json FIELDS habit: a hint with the --jq that picks those fields", async () => {
    const result = await runCli(['incidents', 'list', '--json', 'id,name'], { env: test.server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "hint: --json takes no field list here; pick fields with --jq, e.g. statusctl incidents list --jq '.entries[] | {id, name}'",
    );
    const suggested = await runCli(['incidents', 'list', '--jq', '.entries[] | {id, name}'], { env: test.server.env, inProcess: true });
    expect(suggested.code).toBe(0);
    expect(Object.keys(JSON.parse(suggested.stdout.split('\n')[0]!))).toEqual(['id', 'name']);
  });
});

describe('help and version', () => {
  it("help <noun> <verb> shows that verb's help, as --help does", async () => {
    const viaHelp = await runCli(['help', 'incidents', 'create'], { inProcess: true });
    const viaOption = await runCli(['incidents', 'create', '--help'], { inProcess: true });
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: statusctl incidents create/);
    expect(viaHelp.stdout).toBe(viaOption.stdout);
    const noun = await runCli(['help', 'incidents'], { inProcess: true });
    expect(noun.stdout).toMatch(/^Usage: statusctl incidents/);
    expect(noun.stdout).toContain('resolve');
  });

  it('version: the CLI, Node.js and the platform', async () => {
    const { version } = JSON.parse((await import('node:fs')).readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'));
    const result = await runCli(['version'], { inProcess: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`statusctl version ${version}\nNode.js ${process.version} on ${process.platform}-${process.arch}\n`);
    const json = JSON.parse((await runCli(['version', '--json'], { inProcess: true })).stdout);
    expect(json).toEqual({ version, node: process.version, platform: process.platform, arch: process.arch });
  });
});

describe('reading a message from stdin', () => {
  /** An incident of the server's demo data: the dry run reads it, as the real run would. */
  const incidentId = async () =>
    (await createClient({ baseUrl: test.server.url, apiKey: test.server.account.key }).listIncidents({ query: { limit: '1' } })).entries[0]!
      .id;

  it('on a terminal, says that it waits for the text and how to end it', async () => {
    const session = await runPty(['incident-updates', 'add', await incidentId(), '--message-file', '-', '--dry-run', '--json'], {
      env: test.server.env,
    });
    await session.waitFor('reading the message from stdin… Ctrl-D to end');
    session.write('Rolled back\r');
    session.write('\x04');
    await session.waitFor('"description": "Rolled back"');
    expect(await session.exited()).toBe(0);
  });

  it('piped, says nothing', async () => {
    const result = await runCli(['incident-updates', 'add', await incidentId(), '--message-file', '-', '--dry-run', '--json'], {
      env: test.server.env,
      input: 'Rolled back\n',
      inProcess: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('reading the message');
    expect(JSON.parse(result.stdout).body.description).toBe('Rolled back');
  });
});
