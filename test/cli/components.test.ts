// `statusctl components ...` through the built binary against the reference server: a V3 page's
// component tree, one component found by id, name or PAGE/NAME, and create, edit and delete.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { parseJson, type RunResult, runCli, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
let api: Client;
let statusPageId: string;
let group: { id: string };
let api1: { id: string };

beforeAll(async () => {
  api = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, retries: 0 });
  statusPageId = (await api.createV3StatusPage({ body: { name: 'Parts', url: 'parts' } })).id;
  group = await api.createV3Component({ params: { statusPageId }, body: { type: 'GROUP', name: 'Backend', displayOrder: 2 } });
  api1 = await api.createV3Component({ params: { statusPageId }, body: { name: 'Public API', displayOrder: 1, parentId: group.id } });
  await api.createV3Component({ params: { statusPageId }, body: { name: 'Website', displayOrder: 1 } });
  // The same name on another page: a bare name is then ambiguous, PAGE/NAME is not.
  const other = (await api.createV3StatusPage({ body: { name: 'Other parts', url: 'other-parts' } })).id;
  await api.createV3Component({ params: { statusPageId: other }, body: { name: 'Website', displayOrder: 1 } });
});

function cli(args: string[], options: { terminalColumns?: number; input?: string } = {}): Promise<RunResult> {
  const inProcess = options.terminalColumns !== undefined;
  return runCli(['components', ...args], {
    env: test.server.env,
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(inProcess ? { inProcess, terminalColumns: options.terminalColumns } : {}),
  });
}

const rows = (result: RunResult) =>
  result.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));

describe('components list', () => {
  it('piped: the tree in order, one row per component with its parent id', async () => {
    const result = await cli(['list', 'parts']);
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result).map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
      ['Website', 'service', 'OPERATIONAL', '-'],
      ['Backend', 'group', 'OPERATIONAL', '-'],
      ['Public API', 'service', 'OPERATIONAL', group.id],
    ]);
  });

  it('on a terminal the children are indented under their group, --flat names the parent instead', async () => {
    const tree = await cli(['list', 'parts', '--no-color'], { terminalColumns: 80 });
    expect(tree.stdout).toMatch(/\n\S+ {2}Backend +group .*\n\S+ {4}Public API +service +operational +Backend /);
    const flat = await cli(['list', 'parts', '--flat', '--no-color'], { terminalColumns: 80 });
    expect(flat.stdout).toMatch(/\n\S+ {2}Public API +service +operational +Backend /);
  });

  it('-o json is the API list of the page; a v2 page is exit 2, an unknown page exit 4', async () => {
    const json = await cli(['list', 'Parts', '-o', 'json']);
    const listed = await api.listV3Components({ params: { statusPageId }, query: { limit: '100' } });
    expect(parseJson(json)).toEqual({ ...listed, nextId: null });
    const v2 = (await api.listStatusPages({ query: { limit: '1' } })).entries[0]!;
    expect((await cli(['list', v2.url])).code).toBe(2);
    expect((await cli(['list', 'no-such-page'])).code).toBe(4);
  });
});

describe('components get', () => {
  it('finds one by id, the start of its id, its name in any case, a unique prefix, or PAGE/NAME', async () => {
    for (const ref of [api1.id, api1.id.slice(0, 8), 'public api', 'PUBL', 'parts/Public API']) {
      const result = await cli(['get', ref, '-o', 'json']);
      expect(result.code, `${ref}: ${result.stderr}`).toBe(0);
      expect(parseJson(result)).toEqual(await api.getV3Component({ params: { statusPageId, componentId: api1.id } }));
    }
    const piped = await cli(['get', 'parts/public api']);
    expect(piped.stdout).toContain(
      `name\tPublic API\ntype\tservice\nstatus\tOPERATIONAL\npage\tParts (parts)\nparent\tBackend (${group.id})\n`,
    );
  });

  it('a name on two pages is exit 2 listing both; one on no page is exit 4 with the closest', async () => {
    const twice = await cli(['get', 'website']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/^statusctl: component "website" fits 2 components:\n/);
    expect(twice.stderr).toMatch(/\n {2}Website \(service, id \S+\) on Parts \(url parts\)\n/);
    expect(twice.stderr).toMatch(/\n {2}Website \(service, id \S+\) on Other parts \(url other-parts\)\n/);
    expect(twice.stderr).toContain('hint: give its id, or PAGE/NAME');
    expect((await cli(['get', 'other-parts/website'])).code).toBe(0);
    const unknown = await cli(['get', 'parts/Pubic API']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('no such component on status page Parts (did you mean "Public API"?)');
  });
});

describe('components create, edit and delete', () => {
  it('create: a service after its siblings, under --group; --dry-run sends nothing; a service is no group', async () => {
    const dry = await cli(['create', 'parts', '--name', 'Worker', '--group', 'backend', '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson(dry)).toMatchObject({
      method: 'POST',
      path: `/v3/status-pages/${statusPageId}/components`,
      body: { type: 'SERVICE', name: 'Worker', displayOrder: 2, hidden: false, parentId: group.id },
    });
    const made = await cli(['create', 'parts', '--name', 'Queue', '--group', 'Back', '--hidden', '-o', 'json']);
    expect(made.code, made.stderr).toBe(0);
    expect(parseJson(made)).toMatchObject({ name: 'Queue', parentId: group.id, displayOrder: 2, hidden: true });
    const notGroup = await cli(['create', 'parts', '--name', 'X', '--group', 'website']);
    expect(notGroup.code).toBe(2);
    expect(notGroup.stderr).toContain('--group "website": Website is a service; only a group holds components');
  });

  it('edit sends the component whole with only the given options changed; --no-group moves it to the top', async () => {
    const made = await api.createV3Component({
      params: { statusPageId },
      body: { name: 'Cache', description: 'Kept', displayOrder: 7, parentId: group.id },
    });
    const result = await cli(['edit', 'parts/cache', '--name', 'Cache tier', '--no-group', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const after = await api.getV3Component({ params: { statusPageId, componentId: made.id } });
    expect(after).toMatchObject({ name: 'Cache tier', description: 'Kept', displayOrder: 7, parentId: null, hidden: false });
    expect(parseJson(result)).toEqual([{ id: 'parts/cache', ok: true, status: 200, error: null, component: after }]);
    const nothing = await cli(['edit', 'parts/cache tier']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('delete of a group says its children move to the top; --yes off a terminal; each id once', async () => {
    const doomed = await api.createV3Component({ params: { statusPageId }, body: { type: 'GROUP', name: 'Doomed', displayOrder: 9 } });
    const kid = await api.createV3Component({ params: { statusPageId }, body: { name: 'Orphan', displayOrder: 1, parentId: doomed.id } });
    expect((await cli(['delete', 'parts/doomed'])).code).toBe(2);
    const dry = await cli(['delete', 'parts/doomed', '--dry-run']);
    expect(dry.stdout).toContain('Doomed (group) on Parts; its component (Orphan) move to the top of the page');
    const result = await cli(['delete', '-', '--yes'], { input: `${doomed.id}\n${doomed.id}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result).map((row) => row.slice(0, 2))).toEqual([[doomed.id, 'deleted']]);
    expect(await api.getV3Component({ params: { statusPageId, componentId: kid.id } })).toMatchObject({ parentId: null });
  });
});
