// `statusctl status-pages list` in-process (run(), runCli with inProcess) against the reference server.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { StatusPageList } from '../../src/contract/schemas.js';
import { closedPortUrl, parseJson, removeTempDirs, startTestServer, type RunResult, type TestServer, runCli } from './helpers.js';
import { testClock } from '../support/clock.js';

// Each test spawns the built CLI several times; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let api: Client;

beforeAll(async () => {
  server = await startTestServer();
  api = createClient({ baseUrl: server.url, apiKey: server.account.key, retries: 0 });
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runCli(['status-pages', 'list', ...args], { env: { ...server.env, ...env }, inProcess: true });
}

describe('status-pages list', () => {
  it('shows each page with its cards and services, and only its open incidents', async () => {
    const pages = await api.listStatusPages({ query: { limit: '100' } });
    const page = pages.entries[0]!;
    const service = page.cards[0]!.services[0]!;
    const ref = { id: service.id, name: service.name, accountId: service.accountId };
    const open = await api.createIncident({
      body: { name: 'Open one on the first page', severity: 'MAJOR', services: [ref], incidentUpdates: [{ description: 'Investigating' }] },
    });
    const closed = await api.createIncident({
      body: {
        name: 'Closed one on the first page',
        severity: 'MINOR',
        services: [ref],
        incidentUpdates: [{ description: 'Investigating' }],
      },
    });
    await api.createIncidentUpdate({ params: { incidentId: closed.id }, body: { description: 'Done', status: 'RESOLVED' } });

    // Piped: id, name, services, open incidents (a count), url, kind; one tab-separated row per
    // page (the V3 pages among them: test/cli/v3-status-pages.test.ts).
    const result = await cli(['--all']);
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'))
      .filter((row) => row[5] === 'v2');
    expect(rows.map((row) => [row[0], row[1], row[4]])).toEqual(pages.entries.map((each) => [each.id, each.name, each.url]));
    const openCount = page.incidents.filter((incident) => incident.lastUpdateStatus !== 'RESOLVED').length + 1;
    expect(rows[0]![2]).toContain(service.name);
    expect(rows[0]![3]).toBe(String(openCount));
    // eslint-disable-next-line no-control-regex
    expect(result.stdout + result.stderr).not.toMatch(/\x1b\[/);

    // -o md: a section per page with its cards, services (with ids) and only the open incidents.
    const md = await cli(['--all', '-o', 'md']);
    expect(md.code, md.stderr).toBe(0);
    for (const each of pages.entries) expect(md.stdout).toContain(`### ${each.name}\n`);
    expect(md.stdout).toContain(`- **${page.cards[0]!.name}:** ${service.name} (\`${service.id}\`)`);
    expect(md.stdout).toContain(`${open.name} (INVESTIGATING) \`${open.id}\``);
    expect(md.stdout).not.toContain(closed.name);
  });

  it('-o json holds each v2 page as the API answers it', async () => {
    const json = parseJson<{ length: number; entries: { version?: number }[] }>(await cli(['-o', 'json', '--all']));
    expect(json.length).toBe(json.entries.length);
    const v2 = StatusPageList.shape.entries.parse(json.entries.filter((entry) => entry.version !== 3));
    expect(v2).toEqual((await api.listStatusPages({ query: { limit: '100' } })).entries);
  });

  it('a cursor that is not one of this list and a bad --limit are exit 2', async () => {
    const bad = await cli(['--next-id', '%%%not-a-cursor']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--next-id "%%%not-a-cursor": not a cursor of this list\nhint: /);
    expect((await cli(['--limit', '0'])).code).toBe(2);
  });

  it('no key is exit 3, an unreachable server exit 1', async () => {
    const noKey = await cli([], { STATUSCTL_API_KEY: undefined });
    expect(noKey.code).toBe(3);
    // Its retries wait on a clock of the test's, which they move instead of taking time.
    const unreachable = await runCli(['status-pages', 'list'], {
      env: { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() },
      inProcess: true,
      clock: testClock(),
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^statusctl: [^\n]+\nhint: nothing listens at [^\n]+\n$/);
  });
});

describe('status-pages list: service ids', () => {
  it('are in the piped output, and on a terminal only with --wide', async () => {
    const pages = await api.listStatusPages({ query: { limit: '100' } });
    const service = pages.entries[0]!.cards[0]!.services[0]!;
    const piped = await cli([]);
    expect(piped.stdout).toContain(`${service.name} (${service.id})`);
    const terminal = await runCli(['status-pages', 'list'], {
      env: { ...server.env, COLUMNS: '400' },
      terminalColumns: 400,
      inProcess: true,
    });
    expect(terminal.stdout).toContain(service.name);
    expect(terminal.stdout).not.toContain(service.id);
    const wide = await runCli(['status-pages', 'list', '--wide'], {
      env: { ...server.env, COLUMNS: '400' },
      terminalColumns: 400,
      inProcess: true,
    });
    expect(wide.stdout).toContain(`${service.name} (${service.id})`);
  });
});

describe('status-pages get', () => {
  it('finds a page by id, url, custom domain, address or name (any case) and shows it whole', async () => {
    const pages = await api.listStatusPages({ query: { limit: '100' } });
    const page = pages.entries.find((entry) => entry.customDomain && entry.keys.length > 0)!;
    const full = await api.getStatusPage({ params: { statusPageId: page.id } });
    for (const ref of [page.id, page.url, page.customDomain!, `https://${page.customDomain}/`, page.name.toUpperCase()]) {
      const result = await runCli(['status-pages', 'get', ref, '-o', 'json'], { env: server.env, inProcess: true });
      expect(result.code, `${ref}: ${result.stderr}`).toBe(0);
      expect(parseJson(result)).toEqual(full);
    }
    const shown = await runCli(['status-pages', 'get', page.name], { env: server.env, inProcess: true });
    expect(shown.code, shown.stderr).toBe(0);
    for (const card of full.cards) for (const service of card.services) expect(shown.stdout).toContain(`${service.name}\t${service.id}`);
    for (const key of full.keys) expect(shown.stdout).toContain(key.maskedKey);
    expect(shown.stdout).toMatch(/^Open incidents \(\d+\)$/m);
    const md = await runCli(['status-pages', 'get', page.id, '-o', 'md'], { env: server.env, inProcess: true });
    expect(md.stdout).toContain(`### ${full.name}`);
    expect(md.stdout).toContain(`\`${full.keys[0]!.maskedKey}\``);
  });

  it('an unknown page or id is exit 4, listing the pages', async () => {
    const unknown = await runCli(['status-pages', 'get', 'No Such Page'], { env: server.env, inProcess: true });
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/^statusctl: status page "No Such Page": no such status page; the status pages of the account:\n {2}\S/);
    const missing = await runCli(['status-pages', 'get', '00000000-0000-4000-8000-000000000000'], { env: server.env, inProcess: true });
    expect(missing.code).toBe(4);
  });
});
