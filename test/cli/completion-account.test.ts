// Completion of the account's own values, in bash, zsh and fish run for real: the scripts the
// built binary prints call `statusctl __complete` (the built binary, first on PATH), which answers
// from the completion cache at once and refreshes it in a detached process against the reference
// server on a real port. The expected values are read from the server through the CLI, so the
// test follows the demo data. The tests wait for the cache file (or its change), never a delay.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, cleanEnv, parseJson, runCli } from '../support/cli.js';
import { testClock } from '../support/clock.js';
import { closedPortUrl, useTestServer } from './helpers.js';
import { completeIn, SHELLS, type ShellName, sorted } from './completion-shells.js';
import { readmeLines, runShell } from './readme-shell.js';

const testServer = useTestServer();
const server = {
  get env() {
    return testServer.server.env;
  },
  get url() {
    return testServer.server.url;
  },
  get account() {
    return testServer.server.account;
  },
};
const scripts: Partial<Record<ShellName, string>> = {};
let dir: string;
let binDir: string;

interface Expected {
  open: { id: string; updates: string[] }[];
  services: string[];
  pages: string[];
  rules: string[];
  /** Error groups of both kinds: of checks and of test sessions. */
  groups: string[];
  sessions: string[];
  windows: string[];
  /** The occurrences of each window not completed nor cancelled, by window. */
  occurrences: Record<string, string[]>;
}
let expected: Expected;
/** A cache directory warmed once, read by the tests that only read it. */
let warm: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'statusctl-completion-account-'));
  // `statusctl` as a person's shell finds it: the built launcher, first on PATH.
  binDir = join(dir, 'bin');
  mkdirSync(binDir);
  symlinkSync(BIN, join(binDir, 'statusctl'));
  // The scripts and the expected values in process: the binary's own scripts are those the
  // README's block writes, and its __complete is what every Tab here runs.
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    const result = await runCli(['completion', shell], { inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = result.stdout;
  }
  const incidentList = parseJson<{ entries: { id: string; incidentUpdates?: { id: string }[] }[] }>(
    await runCli(['incidents', 'list', '--status', 'open', '--all', '-o', 'json'], { env: server.env, inProcess: true }),
  );
  const pageList = parseJson<{ entries: { name: string; url: string; cards?: { services?: { name: string }[] }[] }[] }>(
    await runCli(['status-pages', 'list', '--all', '-o', 'json'], { env: server.env, inProcess: true }),
  );
  const ruleList = parseJson<{ entries: { name: string }[] }>(
    await runCli(['automation-rules', 'list', 'acme-platform', '--all', '-o', 'json'], { env: server.env, inProcess: true }),
  );
  const read = async <T>(args: string[]) => parseJson<T>(await runCli([...args, '-o', 'json'], { env: server.env, inProcess: true }));
  const groups = [
    ...(await read<{ id: string }[]>(['error-groups', 'list', '--all'])),
    ...(await read<{ id: string }[]>(['error-groups', 'list', '--test-sessions', '--all'])),
  ];
  const sessions = (await read<{ entries: { id: string }[] }>(['test-sessions', 'list', '--all'])).entries;
  const windows = await read<{ id: number }[]>(['maintenance', 'list']);
  const occurrences: Record<string, string[]> = {};
  for (const window of windows) {
    const { maintenances } = await read<{ maintenances: { id: string; status: string }[] }>(['maintenance', 'get', String(window.id)]);
    occurrences[window.id] = maintenances.filter(({ status }) => !['COMPLETED', 'CANCELLED'].includes(status)).map(({ id }) => id);
  }
  const incidents = incidentList.entries;
  const pages = pageList.entries;
  expected = {
    open: incidents.map((incident) => ({ id: incident.id, updates: (incident.incidentUpdates ?? []).map((update) => update.id) })),
    services: [
      ...new Set(pages.flatMap((page) => (page.cards ?? []).flatMap((card) => (card.services ?? []).map((service) => service.name)))),
    ],
    pages: [...new Set(pages.flatMap((page) => [page.name, page.url]))],
    rules: ruleList.entries.map((rule) => rule.name),
    groups: groups.map((group) => group.id),
    sessions: sessions.map((session) => session.id),
    windows: windows.map((window) => String(window.id)),
    occurrences,
  };
  // So that the tests can fail: the demo data has open incidents with updates, services, pages.
  expect(expected.open.length).toBeGreaterThan(1);
  expect(expected.open[0]!.updates.length).toBeGreaterThan(0);
  expect(expected.services.some((name) => name.includes(' '))).toBe(true);
  expect(expected.pages.length).toBeGreaterThan(1);
  expect(expected.rules.some((name) => name.includes(' '))).toBe(true);
  expect(groups.some((group) => 'checkId' in group) && groups.some((group) => !('checkId' in group))).toBe(true);
  expect(expected.sessions.length).toBeGreaterThan(0);
  expect(Object.values(expected.occurrences).flat().length).toBeGreaterThan(0);
  if (SHELLS.bash) warm = await warmCache('bash');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A shell's environment: the server's account (or `account`), a cache directory of its own. */
function shellEnv(cacheDir: string, account: Record<string, string> = server.env): NodeJS.ProcessEnv {
  return cleanEnv({ ...account, STATUSCTL_CACHE_DIR: cacheDir, PATH: `${binDir}${delimiter}${process.env.PATH}` });
}

const cacheFiles = (cacheDir: string) => {
  const folder = join(cacheDir, 'completion');
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .map((name) => join(folder, name))
    : [];
};

/** Waits for the background refresh to write a cache file (checked each 50 ms, up to 30 s). */
async function cacheWritten(cacheDir: string, written: (text: string) => boolean = () => true): Promise<string> {
  return vi.waitFor(
    () => {
      const [file] = cacheFiles(cacheDir);
      const text = file ? readFileSync(file, 'utf8') : '';
      if (!file || !written(text)) throw new Error(`no cache written in ${cacheDir}`);
      return file;
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** A cache directory whose cache was written by a refresh that a first Tab started. */
async function warmCache(shell: ShellName): Promise<string> {
  const cacheDir = mkdtempSync(join(dir, `cache-${shell}-`));
  completeIn(shell, scripts[shell]!, dir, ['statusctl incidents get '], shellEnv(cacheDir));
  await cacheWritten(cacheDir);
  return cacheDir;
}

/** A copy of the warm cache directory, for a test that changes it or adds to it. */
function copyOfWarm(): string {
  const cacheDir = mkdtempSync(join(dir, 'copy-of-warm-'));
  cpSync(warm, cacheDir, { recursive: true });
  return cacheDir;
}

// Each Tab that offers the account's values starts `statusctl __complete`. bash, the cheapest, is
// asked every line; zsh and fish the lines where their own code is what differs (a positional
// argument, a repeated one, one after an id, a prefix typed, an option's value, values with
// spaces), not those marked `once`, where only the tree or __complete does (another verb or
// option naming the same kind, an id typed as a prefix that __complete resolves).
type Case = [line: string, values: string[], once?: 'once'];
describe.each(Object.keys(SHELLS) as ShellName[])('completion of the account in %s', (shell) => {
  it.runIf(SHELLS[shell])(
    'with a warm cache: open incident ids, their update ids, service names, page names and urls, rule names, error group ids of both kinds, test session ids, window numbers and occurrences',
    async () => {
      const cacheDir = SHELLS.bash ? warm : await warmCache(shell);
      const [first, second] = expected.open;
      // A window with occurrences to offer, typed before its occurrence.
      const window = expected.windows.find((id) => expected.occurrences[id]!.length > 0)!;
      const all: Case[] = [
        ['statusctl incidents get ', expected.open.map((incident) => incident.id)],
        ['statusctl incidents resolve a b ', expected.open.map((incident) => incident.id)],
        ['statusctl incidents watch ', expected.open.map((incident) => incident.id), 'once'],
        [
          `statusctl incidents get ${first!.id.slice(0, 3)}`,
          expected.open.filter((incident) => incident.id.startsWith(first!.id.slice(0, 3))).map((incident) => incident.id),
        ],
        [`statusctl incident-updates get ${first!.id} `, first!.updates],
        [`statusctl incident-updates put ${second!.id.slice(0, 8)} `, second!.updates, 'once'],
        ['statusctl incidents list --service ', expected.services],
        ['statusctl -o json incidents create --name x --service ', expected.services, 'once'],
        ['statusctl incidents edit x --add-service ', expected.services, 'once'],
        ['statusctl status-pages get ', expected.pages],
        ['statusctl incidents create --status-page ', expected.pages, 'once'],
        ['statusctl automation-rules get ', expected.rules],
        ['statusctl rules delete x ', expected.rules, 'once'],
        // Error groups of both kinds, wherever a verb takes one.
        ['statusctl error-groups get ', expected.groups],
        ['statusctl error-groups unarchive x ', expected.groups, 'once'],
        ['statusctl rca request ', expected.groups, 'once'],
        ['statusctl maintenance get ', expected.windows],
        ['statusctl maintenance delete ', expected.windows, 'once'],
        // Test sessions, and the windows and occurrences of the verbs declaring their arguments by hand.
        ['statusctl test-sessions get ', expected.sessions],
        ['statusctl test-sessions result ', expected.sessions, 'once'],
        ['statusctl maintenance start ', expected.windows],
        [`statusctl maintenance start ${window} `, expected.occurrences[window]!],
        ...(['complete', 'cancel', 'verify', 'watch', 'reschedule'] as const).flatMap((verb): Case[] => [
          [`statusctl maintenance ${verb} `, expected.windows, 'once'],
          [`statusctl maintenance ${verb} ${window} `, expected.occurrences[window]!, 'once'],
        ]),
        ['statusctl maintenance edit ', expected.windows, 'once'],
        ['statusctl maintenance-updates add ', expected.windows],
        [`statusctl maintenance-updates add ${window} `, expected.occurrences[window]!],
        ...(['put', 'delete'] as const).flatMap((verb): Case[] => [
          [`statusctl maintenance-updates ${verb} `, expected.windows, 'once'],
          [`statusctl maintenance-updates ${verb} ${window} `, expected.occurrences[window]!, 'once'],
        ]),
        // An option's fixed values stay as they were.
        ['statusctl incidents list --status ', ['open', 'resolved', 'all']],
      ];
      const cases = all.filter(([, , once]) => shell === 'bash' || !once);
      const offered = completeIn(
        shell,
        scripts[shell]!,
        dir,
        cases.map(([line]) => line),
        shellEnv(cacheDir),
      );
      expect(offered.map(sorted)).toEqual(cases.map(([, values]) => sorted(values)));
    },
    120_000,
  );
});

describe('the completion cache', () => {
  it.runIf(SHELLS.bash)(
    'holds the test sessions and the maintenance occurrences, which __complete offers (an occurrence of the window typed before it)',
    async () => {
      const env = shellEnv(warm);
      const complete = async (kind: string, words: string[]) => {
        const result = await runCli(['__complete', kind, '', '--', ...words], { env });
        expect(result.code, result.stderr).toBe(0);
        return result.stdout
          .trimEnd()
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('\t')[0]!);
      };
      expect(sorted(await complete('test-session', ['test-sessions', 'get']))).toEqual(sorted(expected.sessions));
      const [window] = expected.windows;
      expect(sorted(await complete('maintenance', ['maintenance', 'start', window!]))).toEqual(sorted(expected.occurrences[window!]!));
      expect(sorted(await complete('maintenance', ['maintenance', 'start']))).toEqual(sorted(Object.values(expected.occurrences).flat()));
    },
    60_000,
  );

  it.runIf(SHELLS.bash)(
    'with none, a Tab answers with commands and options only, and a refresh fills it',
    async () => {
      const cacheDir = mkdtempSync(join(dir, 'cold-'));
      const env = shellEnv(cacheDir);
      const [ids, verbs, options] = completeIn(
        'bash',
        scripts.bash!,
        dir,
        ['statusctl incidents get ', 'statusctl incidents ', 'statusctl incidents get --w'],
        env,
      );
      expect(ids).toEqual([]);
      expect(verbs).toEqual(expect.arrayContaining(['list', 'get', 'create']));
      expect(options).toEqual(['--web', '--wide']);
      await cacheWritten(cacheDir);
      const [warm] = completeIn('bash', scripts.bash!, dir, ['statusctl incidents get '], env);
      expect(sorted(warm!)).toEqual(sorted(expected.open.map((incident) => incident.id)));
    },
    60_000,
  );

  it.runIf(SHELLS.bash)(
    'holds names and ids, never the key; is readable by the user only',
    async () => {
      const cacheDir = warm;
      const [file] = cacheFiles(cacheDir);
      const bytes = readFileSync(file!);
      expect(bytes.includes(Buffer.from(server.account.key))).toBe(false);
      expect(bytes.includes(Buffer.from(expected.open[0]!.id))).toBe(true);
      expect(statSync(file!).mode & 0o777).toBe(0o600);
      expect(statSync(join(cacheDir, 'completion')).mode & 0o777).toBe(0o700);
      // Nothing else in the folder holds it either (the refresh's marker is gone once it is written).
      for (const name of readdirSync(join(cacheDir, 'completion'))) {
        expect(readFileSync(join(cacheDir, 'completion', name)).includes(Buffer.from(server.account.key)), name).toBe(false);
      }
    },
    60_000,
  );

  it.runIf(SHELLS.bash)(
    'a stale cache answers at once and is refreshed in the background',
    async () => {
      const cacheDir = copyOfWarm();
      const [file] = cacheFiles(cacheDir);
      // Read long ago, and holding an incident that is no longer open.
      const stale = { ...JSON.parse(readFileSync(file!, 'utf8')), fetchedAt: 0 };
      stale.incidents.push({ id: '0ff1c1a1-0000-4000-8000-000000000000', name: 'gone', updates: [] });
      writeFileSync(file!, JSON.stringify(stale));
      chmodSync(file!, 0o600);
      const env = shellEnv(cacheDir);
      const [before] = completeIn('bash', scripts.bash!, dir, ['statusctl incidents get 0ff'], env);
      expect(before).toEqual(['0ff1c1a1-0000-4000-8000-000000000000']);
      await cacheWritten(cacheDir, (text) => !text.includes('0ff1c1a1'));
      const [after] = completeIn('bash', scripts.bash!, dir, ['statusctl incidents get '], env);
      expect(sorted(after!)).toEqual(sorted(expected.open.map((incident) => incident.id)));
    },
    60_000,
  );

  it.runIf(SHELLS.bash)(
    'keeps each profile and base URL apart',
    async () => {
      const cacheDir = copyOfWarm();
      const other = { ...server.env, STATUSCTL_BASE_URL: server.url.replace('127.0.0.1', 'localhost') };
      const [elsewhere, here] = completeIn('bash', scripts.bash!, dir, ['statusctl incidents get '], shellEnv(cacheDir, other)).concat(
        completeIn('bash', scripts.bash!, dir, ['statusctl --profile staging incidents get '], shellEnv(cacheDir)),
      );
      // Neither the other base URL nor the profile named on the line reads the first account's cache:
      // each has its own, which their Tabs started refreshing.
      expect(elsewhere).toEqual([]);
      expect(here).toEqual([]);
      const markers = readdirSync(join(cacheDir, 'completion')).filter((name) => name.endsWith('.refresh'));
      expect(markers).toHaveLength(2);
      expect(markers.some((name) => name.startsWith('staging-'))).toBe(true);
    },
    60_000,
  );

  it('a server that is down never makes completion fail; nothing is written', async () => {
    const cacheDir = mkdtempSync(join(dir, 'down-'));
    const down = { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() };
    const env = shellEnv(cacheDir, down);
    const direct = await runCli(['__complete', 'incident', '', '--', 'incidents', 'get'], { env });
    expect(direct.code, direct.stderr).toBe(0);
    expect(direct.stdout).toBe('');
    for (const shell of (Object.keys(SHELLS) as ShellName[]).filter((name) => SHELLS[name])) {
      const [ids, verbs] = completeIn(shell, scripts[shell]!, dir, ['statusctl incidents get ', 'statusctl incidents '], env);
      expect(ids, shell).toEqual([]);
      expect(verbs, shell).toEqual(expect.arrayContaining(['list', 'get', 'create']));
    }
    // The refresh those Tabs start, run to its end here: it fails, and writes nothing. In this
    // process, where its tries' waits between attempts move a test clock instead of passing.
    const refresh = await runCli(['__complete', 'refresh', '', '--', 'incidents', 'get'], { env, inProcess: true, clock: testClock() });
    expect(refresh.stderr).toContain('connection refused');
    expect(cacheFiles(cacheDir)).toEqual([]);
    expect(readdirSync(join(cacheDir, 'completion')).some((name) => name.endsWith('.refresh'))).toBe(true);
    const [stillNone] = completeIn('bash', scripts.bash!, dir, ['statusctl incidents get '], env);
    expect(stillNone).toEqual([]);
  }, 120_000);

  it.runIf(SHELLS.bash)(
    "the README's block runs as written, and bash then completes the account's ids",
    async () => {
      const lines = readmeLines('completion', 'docs/commands.md');
      expect(lines.join('\n')).toContain('statusctl completion bash');
      const cacheDir = mkdtempSync(join(dir, 'readme-'));
      // A completion function runs with errexit off, as in an interactive shell.
      const tab = `COMP_WORDS=(statusctl incidents get ''); COMP_CWORD=3; _statusctl; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const first = await runShell(
        [...lines, 'complete -p statusctl', 'test -s _statusctl && test -s statusctl.fish'].join('\n'),
        {
          ...server.env,
          STATUSCTL_CACHE_DIR: cacheDir,
        },
        { exitOnError: true },
      );
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('complete -F _statusctl statusctl');
      const env = { ...server.env, STATUSCTL_CACHE_DIR: cacheDir };
      // The first Tab finds no cache and starts its refresh; a later one offers the ids.
      expect((await runShell([lines[0]!, tab].join('\n'), env)).stdout.trim()).toBe('');
      await cacheWritten(cacheDir);
      const second = await runShell([lines[0]!, tab].join('\n'), env);
      expect(sorted(second.stdout.trim().split('\n'))).toEqual(sorted(expected.open.map((incident) => incident.id)));
    },
    60_000,
  );
});
