// `statusctl automation-rules ...` (alias `rules`) through the built binary against the
// reference server: a V3 page's rules listed, one found by id, name or PAGE/NAME, created,
// edited (sent whole) and deleted, every output format, --dry-run, and bad input named with a
// hint before anything is sent.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, createClient } from '../../src/client/index.js';
import type { V3AutomationRule } from '../../src/contract/schemas.js';
import { parseJson, type RunResult, runCli, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
let api: Client;
let statusPageId: string;
let checkout: { id: string };
let search: { id: string };
let seeded: V3AutomationRule;

beforeAll(async () => {
  api = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, retries: 0 });
  statusPageId = (await api.createV3StatusPage({ body: { name: 'Ruled', url: 'ruled' } })).id;
  checkout = await api.createV3Component({ params: { statusPageId }, body: { name: 'Checkout', displayOrder: 1 } });
  search = await api.createV3Component({ params: { statusPageId }, body: { name: 'Search', displayOrder: 2 } });
  seeded = await api.createV3AutomationRule({
    params: { statusPageId },
    body: {
      name: 'Checkout is failing',
      firstUpdate: 'Checkout fails.',
      lastUpdate: 'Checkout works.',
      tags: ['checkout'],
      components: [{ componentId: checkout.id, targetImpact: 'PARTIAL_OUTAGE' }],
    },
  });
});

function cli(args: string[], options: { terminalColumns?: number } = {}): Promise<RunResult> {
  const inProcess = options.terminalColumns !== undefined;
  return runCli(args, { env: test.server.env, ...(inProcess ? { inProcess, terminalColumns: options.terminalColumns } : {}) });
}

const rows = (result: RunResult) =>
  result.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
const fields = (result: RunResult) => Object.fromEntries(rows(result).map(([label, ...value]) => [label, value.join('\t')]));
const rules = async () => (await api.listV3AutomationRules({ params: { statusPageId }, query: { limit: '100' } })).entries;
const posts = (mark: number) => test.server.logs.slice(mark).filter((line) => /^(POST|PUT|DELETE) /.test(line));

const CREATE = [
  'create',
  'ruled',
  '--name',
  'Search is failing',
  '--tag',
  'search,api',
  '--component',
  'search=major',
  '--component',
  'CHECK=degraded',
  '--first-update',
  'Search fails.',
  '--last-update',
  'Search works.',
];

describe('automation-rules create', () => {
  it('--dry-run prints the POST with the components found by name and sends nothing', async () => {
    const mark = test.server.logs.length;
    const dry = await cli(['automation-rules', ...CREATE, '--cooldown', '1h30m', '--no-notify', '--disabled', '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson(dry)).toEqual({
      method: 'POST',
      path: `/v3/status-pages/${statusPageId}/automation-rules`,
      body: {
        name: 'Search is failing',
        enabled: false,
        firstUpdate: 'Search fails.',
        lastUpdate: 'Search works.',
        notifySubscribers: false,
        coolDownWindowMinutes: 90,
        tags: ['search', 'api'],
        components: [
          { componentId: search.id, targetImpact: 'MAJOR_OUTAGE' },
          { componentId: checkout.id, targetImpact: 'DEGRADED_PERFORMANCE' },
        ],
      },
    });
    expect(posts(mark)).toEqual([]);
  });

  it('makes the rule and prints it (piped: label<TAB>value; -o json: the API answer)', async () => {
    const made = await cli(['rules', ...CREATE, '--cooldown', '2h']);
    expect(made.code, made.stderr).toBe(0);
    const rule = (await rules()).find((each) => each.name === 'Search is failing')!;
    expect(rule).toMatchObject({ enabled: true, notifySubscribers: true, coolDownWindowMinutes: 120, tags: ['search', 'api'] });
    expect(fields(made)).toMatchObject({
      id: rule.id,
      name: 'Search is failing',
      state: 'enabled',
      tags: 'search, api',
      components: `${search.id}=MAJOR_OUTAGE,${checkout.id}=DEGRADED_PERFORMANCE`,
      cooldown: '2h',
      incident: '-',
    });
    const json = await cli(['rules', ...CREATE.map((word) => (word === 'Search is failing' ? 'Search again' : word)), '-o', 'json']);
    const answered = parseJson(json) as V3AutomationRule;
    expect(answered.name).toBe('Search again');
    expect(answered.coolDownWindowMinutes).toBe(5);
    await api.deleteV3AutomationRule({ params: { statusPageId, ruleId: answered.id } });
  });

  it('bad input is exit 2 naming the option, with a hint, and nothing sent', async () => {
    const mark = test.server.logs.length;
    const missing = await cli(['rules', 'create', 'ruled', '--name', 'X', '--first-update', '']);
    expect(missing.code).toBe(2);
    for (const option of ['--tag', '--component NAME=IMPACT', '--first-update TEXT', '--last-update TEXT'])
      expect(missing.stderr).toContain(option);
    expect(missing.stderr).not.toContain('  --name');
    // CREATE with one option's value replaced.
    const withValue = (option: string, value: string) => CREATE.map((word, at) => (CREATE[at - 1] === option ? value : word));
    const cases: [string[], string][] = [
      [withValue('--component', 'search'), '--component "search": expected NAME=IMPACT'],
      [withValue('--component', 'search=broken'), '--component "search=broken": expected NAME=IMPACT'],
      [[...CREATE, '--cooldown', '2w'], '--cooldown "2w": expected a time from 0 to 24h'],
      [withValue('--component', 'serch=major'), '--component "serch": no such component on status page Ruled (did you mean Search?)'],
      [CREATE.map((word) => (word === 'ruled' ? 'acme-cloud' : word)), 'is a v2 page of cards and services'],
    ];
    for (const [args, message] of cases) {
      const result = await cli(['rules', ...args]);
      expect(result.code, message).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toMatch(/^hint: /m);
    }
    expect(posts(mark)).toEqual([]);
  });
});

describe('automation-rules list and get', () => {
  it('list: piped rows, -o json the API list, Markdown a table, a terminal names the components', async () => {
    const list = await cli(['automation-rules', 'list', 'ruled']);
    expect(list.code, list.stderr).toBe(0);
    expect(rows(list)).toContainEqual([
      seeded.id,
      'Checkout is failing',
      'enabled',
      'checkout',
      `${checkout.id}=PARTIAL_OUTAGE`,
      '5m',
      '-',
    ]);
    const json = parseJson(await cli(['rules', 'ls', 'ruled', '-o', 'json'])) as { entries: V3AutomationRule[] };
    expect(json.entries.map((rule) => rule.id)).toEqual((await rules()).map((rule) => rule.id));
    const md = await cli(['rules', 'list', 'ruled', '-o', 'md']);
    expect(md.stdout).toMatch(/^\| ID +\| NAME/m);
    expect(md.stdout).toContain('Checkout=partial');
    const terminal = await cli(['rules', 'list', 'ruled', '--no-color'], { terminalColumns: 120 });
    expect(terminal.stdout).toMatch(/Checkout is failing +enabled +checkout +Checkout=partial/);
  });

  it('get by name (any case, its start), id prefix or PAGE/NAME; a miss is exit 4 with the closest, two fits exit 2', async () => {
    // The demo page has a rule of the same name: PAGE/NAME or the id says which.
    const two = await cli(['rules', 'get', 'checkout is failing']);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('"checkout is failing" fits 2 rules');
    expect(two.stderr).toMatch(/^hint: .*PAGE\/NAME/m);
    for (const given of [seeded.id, seeded.id.slice(0, 8), 'ruled/checkout', 'Ruled/CHECKOUT IS FAILING']) {
      const got = await cli(['rules', 'get', given, '-o', 'json']);
      expect(got.code, `${given}: ${got.stderr}`).toBe(0);
      expect((parseJson(got) as V3AutomationRule).id).toBe(seeded.id);
    }
    const record = await cli(['automation-rules', 'view', 'ruled/checkout', '-o', 'md']);
    expect(record.stdout).toContain('### Automation rule: Checkout is failing');
    expect(record.stdout).toContain('**components:** Checkout=partial');
    const miss = await cli(['rules', 'get', 'ruled/Checkout is failin g']);
    expect(miss.code).toBe(4);
    expect(miss.stderr).toContain('no such rule (did you mean Checkout is failing?)');
    expect(miss.stderr).toMatch(/^hint: /m);
  });
});

describe('automation-rules edit and delete', () => {
  it('edit reads the rule and sends it whole with only what is given changed; --dry-run sends nothing; no change is exit 2', async () => {
    const rule = await api.createV3AutomationRule({
      params: { statusPageId },
      body: { name: 'To edit', firstUpdate: 'F.', lastUpdate: 'L.', tags: ['a', 'b'], notifySubscribers: false, coolDownWindowMinutes: 7 },
    });
    const mark = test.server.logs.length;
    const none = await cli(['rules', 'edit', 'to edit']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    expect(none.stderr).toMatch(/^hint: /m);
    const dry = await cli(['rules', 'edit', 'to edit', '--remove-tag', 'a', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(rows(dry)[0]!.slice(0, 2)).toEqual(['to edit', 'would-edit']);
    expect(posts(mark)).toEqual([]);

    const edited = await cli([
      'rules',
      'edit',
      'to edit',
      '--add-tag',
      'c',
      '--remove-tag',
      'a',
      '--component',
      'search=maintenance',
      '--disabled',
    ]);
    expect(edited.code, edited.stderr).toBe(0);
    expect(rows(edited)).toEqual([['to edit', 'edited', 'To edit']]);
    const after = await api.getV3AutomationRule({ params: { statusPageId, ruleId: rule.id } });
    expect(after).toMatchObject({
      name: 'To edit',
      firstUpdate: 'F.',
      lastUpdate: 'L.',
      enabled: false,
      notifySubscribers: false,
      coolDownWindowMinutes: 7,
      tags: ['b', 'c'],
      components: [{ componentId: search.id, targetImpact: 'UNDER_MAINTENANCE' }],
    });
    const out = await cli(['rules', 'edit', rule.id, '--component', 'search=operational', '-o', 'json']);
    expect((parseJson(out) as [{ rule: V3AutomationRule }])[0].rule.components).toEqual([]);
  });

  it('delete needs --yes off a terminal; --dry-run shows the DELETE; with --yes one line per rule', async () => {
    const rule = await api.createV3AutomationRule({
      params: { statusPageId },
      body: { name: 'Short-lived', firstUpdate: 'F.', lastUpdate: 'L.', tags: ['tmp'] },
    });
    const refused = await cli(['rules', 'delete', 'short-lived']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const dry = await cli(['rules', 'delete', 'ruled/short-lived', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`DELETE /v3/status-pages/${statusPageId}/automation-rules/${rule.id}`);
    const gone = await cli(['rules', 'delete', 'short-lived', '--yes']);
    expect(gone.code, gone.stderr).toBe(0);
    expect(rows(gone)[0]!.slice(0, 2)).toEqual([rule.id, 'deleted']);
    expect((await rules()).some((each) => each.id === rule.id)).toBe(false);
  });
});
