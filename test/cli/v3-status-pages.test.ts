// Status pages of both generations through the built binary against the reference server: one
// list of v2 and V3 pages, `get` finding a page of either kind.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { parseJson, type RunResult, runCli, useTestServer } from './helpers.js';
import { readTerminalTable } from './terminal-table.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
let api: Client;

beforeAll(async () => {
  api = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, retries: 0 });
  // More V3 pages than one page of the list holds at --limit 2, made today (the demo's are older).
  for (const n of [1, 2, 3]) await api.createV3StatusPage({ body: { name: `Listed V3 ${n}`, url: `listed-v3-${n}` } });
});

function cli(args: string[], options: { terminalColumns?: number } = {}): Promise<RunResult> {
  const inProcess = options.terminalColumns !== undefined;
  return runCli(args, { env: test.server.env, ...(inProcess ? { inProcess, terminalColumns: options.terminalColumns } : {}) });
}

type Listed = { id: string; name: string; url: string; created_at: string; version?: number };

/**
 * Both API lists merged as the CLI says it does: each in its API's order, the two interleaved by
 * created_at (the next page is the newer of the two lists' next ones, the v2 one on the same date).
 */
async function bothKinds(): Promise<Listed[]> {
  const [v2, v3] = await Promise.all([
    api.listStatusPages({ query: { limit: '100' } }),
    api.listV3StatusPages({ query: { limit: '100' } }),
  ]);
  const a: Listed[] = [...v2.entries];
  const b: Listed[] = [...v3.entries];
  const merged: Listed[] = [];
  while (a.length > 0 || b.length > 0)
    merged.push((b.length === 0 || (a.length > 0 && a[0]!.created_at >= b[0]!.created_at) ? a : b).shift()!);
  return merged;
}

describe('status-pages list: both kinds', () => {
  it('piped, one row per page of either kind, newest first, its kind last', async () => {
    const expected = await bothKinds();
    expect(expected.some((page) => page.version === 3) && expected.some((page) => page.version === undefined)).toBe(true);
    const result = await cli(['status-pages', 'list', '--all']);
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => [row[0], row[1], row[4], row[5]])).toEqual(
      expected.map((page) => [page.id, page.name, page.url, page.version === 3 ? 'v3' : 'v2']),
    );
    // A V3 page has components, not services, and no v2 incidents.
    const v3 = rows.find((row) => row[5] === 'v3')!;
    expect([v3[2], v3[3]]).toEqual(['-', '-']);
  });

  it('-o json: {length, entries, nextId}, each entry as its own API answers it', async () => {
    const result = await cli(['status-pages', 'list', '--all', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const json = parseJson<{ length: number; entries: Listed[]; nextId: string | null }>(result);
    expect(json).toMatchObject({ length: json.entries.length, nextId: null });
    const v3 = json.entries.filter((entry) => entry.version === 3);
    expect(v3.length).toBeGreaterThan(3);
    for (const page of v3) expect(page).toEqual(await api.getV3StatusPage({ params: { statusPageId: page.id } }));
    expect(json.entries.map((entry) => entry.id)).toEqual((await bothKinds()).map((page) => page.id));
  });

  it('--limit and --next-id page through both kinds with one cursor, as --all lists them', async () => {
    const expected = (await bothKinds()).map((page) => page.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const result: RunResult = await cli(['status-pages', 'list', '--limit', '2', '-o', 'json', ...(cursor ? ['--next-id', cursor] : [])]);
      expect(result.code, result.stderr).toBe(0);
      const page = parseJson<{ entries: Listed[]; nextId: string | null }>(result);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      if (page.nextId) expect(result.stderr).toContain(`more: --next-id ${page.nextId}`);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextId;
      expect(seen.length).toBeLessThanOrEqual(expected.length);
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('on an 80-column terminal every row says v2 or v3 under KIND', async () => {
    const result = await cli(['status-pages', 'list', '--all', '--no-color'], { terminalColumns: 80 });
    expect(result.code, result.stderr).toBe(0);
    // The services wrap, so they go last; each row's first line says its kind under KIND.
    const table = readTerminalTable(result.stdout, 80);
    const kind = table.headers.indexOf('KIND');
    expect(kind).toBeGreaterThan(0);
    for (const row of table.rows) expect(row[kind]).toMatch(/^v[23]$/);
    expect(table.rows.filter((row) => row[kind] === 'v3')).toHaveLength((await bothKinds()).filter((page) => page.version === 3).length);
  });

  it('-o md: a V3 page is a section with its fields', async () => {
    const result = await cli(['status-pages', 'list', '--all', '-o', 'md']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('### Listed V3 1\n- **id:** `');
    expect(result.stdout).toContain('- **kind:** v3 (components)');
  });
});

describe('status-pages get: a page of either kind', () => {
  it('finds a V3 page by id, the start of its id, url, custom domain or name (any case)', async () => {
    const page = (await api.listV3StatusPages({ query: { limit: '100' } })).entries.find((entry) => entry.customDomain)!;
    for (const ref of [page.id, page.id.slice(0, 8), page.url, page.customDomain!, page.name.toUpperCase()]) {
      const result = await cli(['status-pages', 'get', ref, '-o', 'json']);
      expect(result.code, `${ref}: ${result.stderr}`).toBe(0);
      expect(parseJson(result)).toEqual(await api.getV3StatusPage({ params: { statusPageId: page.id } }));
    }
    const piped = await cli(['status-pages', 'get', page.url]);
    expect(piped.stdout).toContain(`id\t${page.id}\nname\t${page.name}\nurl\t${page.url}\nkind\tv3 (components)\n`);
    expect(piped.stdout).toContain(`domain\t${page.customDomain}\n`);
  });

  it('an id of no page of either kind is exit 4 saying so', async () => {
    const missing = await cli(['status-pages', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('no status page of either kind has this id');
    expect(missing.stderr).toContain('hint: statusctl status-pages list shows the pages of both kinds');
  });
});

describe('status-pages get of a V3 page: its component tree', () => {
  it('shows each component with its current status, a group the worst of its children', async () => {
    const page = await api.createV3StatusPage({ body: { name: 'Tree page', url: 'tree-page' } });
    const statusPageId = page.id;
    const group = await api.createV3Component({ params: { statusPageId }, body: { type: 'GROUP', name: 'Edge', displayOrder: 1 } });
    const child = (name: string, displayOrder: number) =>
      api.createV3Component({ params: { statusPageId }, body: { name, displayOrder, parentId: group.id } });
    const [cdn, dns] = [await child('CDN', 1), await child('DNS', 2)];
    const open = {
      name: 'Edge trouble',
      incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING' as const }] as [{ description: string; status: 'INVESTIGATING' }],
    };
    await api.createV3Incident({
      params: { statusPageId },
      body: { ...open, componentImpacts: [{ componentId: cdn.id, status: 'DEGRADED_PERFORMANCE' }] },
    });
    const resolved = await api.createV3Incident({
      params: { statusPageId },
      body: { ...open, componentImpacts: [{ componentId: dns.id, status: 'MAJOR_OUTAGE' }] },
    });
    await api.createV3IncidentUpdate({
      params: { statusPageId, incidentId: resolved.id },
      body: { description: 'Fixed', status: 'RESOLVED' },
    });

    const piped = await cli(['status-pages', 'get', 'tree-page']);
    expect(piped.code, piped.stderr).toBe(0);
    // The resolved incident's impact is over: DNS is operational, the group as bad as CDN.
    expect(piped.stdout).toContain(
      [
        `${group.id}\tEdge\tgroup\tDEGRADED_PERFORMANCE\t-\t1\t-`,
        `${cdn.id}\tCDN\tservice\tDEGRADED_PERFORMANCE\t${group.id}\t1\t-`,
        `${dns.id}\tDNS\tservice\tOPERATIONAL\t${group.id}\t2\t-`,
      ].join('\n'),
    );
    const terminal = await cli(['status-pages', 'get', 'tree-page', '--no-color'], { terminalColumns: 80 });
    expect(terminal.stdout).toMatch(
      /Components \(3\)\nID +NAME.*\n\S+ {2}Edge +group +degraded performance .*\n\S+ {4}CDN +service +degraded performance /,
    );
  });
});

describe('status-pages create, edit, delete and domain (V3 pages)', () => {
  it('create sends the options given; --dry-run sends nothing', async () => {
    const dry = await cli(['status-pages', 'create', '--name', 'Dry', '--url', 'dry-page', '--theme', 'dark', '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson(dry)).toMatchObject({
      method: 'POST',
      path: '/v3/status-pages',
      body: { name: 'Dry', url: 'dry-page', defaultTheme: 'DARK' },
    });
    expect((await api.listV3StatusPages({ query: { limit: '100' } })).entries.map((page) => page.url)).not.toContain('dry-page');

    const made = await cli([
      'status-pages',
      'create',
      '--name',
      'Made',
      '--url',
      'made-page',
      '--footer',
      'Made Inc.',
      '--custom-domain',
      'status.made.example',
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^id\t\S+\nname\tMade\nurl\tmade-page\n/);
    const missing = await cli(['status-pages', 'create', '--name', 'No url']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--url is required to create a status page');
  });

  it('edit sends the page whole with only the given fields changed; "" clears one; a v2 page is exit 2', async () => {
    const page = await api.createV3StatusPage({
      body: {
        name: 'Edited',
        url: 'edited-page',
        description: 'Kept',
        footerText: 'Cleared',
        defaultTheme: 'LIGHT',
        logo: 'https://e.example/l.png',
      },
    });
    const result = await cli(['status-pages', 'edit', 'edited-page', '--name', 'Edited again', '--footer', '', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const after = await api.getV3StatusPage({ params: { statusPageId: page.id } });
    expect(after).toMatchObject({
      name: 'Edited again',
      description: 'Kept',
      footerText: null,
      defaultTheme: 'LIGHT',
      logo: 'https://e.example/l.png',
    });
    expect(parseJson<{ id: string; ok: boolean; page: unknown }[]>(result)).toEqual([
      { id: 'edited-page', ok: true, status: 200, error: null, page: after },
    ]);

    const v2 = (await api.listStatusPages({ query: { limit: '1' } })).entries[0]!;
    const refused = await cli(['status-pages', 'edit', v2.url, '--name', 'x']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is a v2 page of cards and services: status-pages edit works on V3 pages');
  });

  it('delete needs --yes off a terminal, then deletes each page named once', async () => {
    const a = await api.createV3StatusPage({ body: { name: 'Gone A', url: 'gone-a' } });
    const b = await api.createV3StatusPage({ body: { name: 'Gone B', url: 'gone-b' } });
    const asked = await cli(['status-pages', 'delete', 'gone-a']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('--yes');
    const result = await cli(['status-pages', 'delete', 'gone-a', 'Gone B', 'gone-a', '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t').slice(0, 2)),
    ).toEqual([
      [a.id, 'deleted'],
      [b.id, 'deleted'],
    ]);
    const left = (await api.listV3StatusPages({ query: { limit: '100' } })).entries.map((page) => page.id);
    expect(left).not.toContain(a.id);
    expect(left).not.toContain(b.id);
  });

  it('domain shows the verification record, --recheck its new state; no custom domain is exit 4', async () => {
    await api.createV3StatusPage({ body: { name: 'Domained', url: 'domained', customDomain: 'status.domained.example' } });
    const shown = await cli(['status-pages', 'domain', 'domained']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^domain\tstatus\.domained\.example\npage\tDomained \(domained\)\nstatus\tpending\n/);
    expect(shown.stdout).toContain('record name\t_statusctl.status.domained.example\n');
    const rechecked = await cli(['status-pages', 'domain', 'domained', '--recheck', '-o', 'json']);
    expect(parseJson(rechecked)).toMatchObject({ status: 'active' });
    const none = await cli(['status-pages', 'domain', 'listed-v3-1']);
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('has no custom domain\nhint: statusctl status-pages edit listed-v3-1 --custom-domain');
  });
});
