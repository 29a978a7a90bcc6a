import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addGhWords, buildProgram } from '../../src/cli/runtime/program.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { parseJson, runCli, startTestServer, useTestServer } from './helpers.js';
import { completeIn, SHELLS, type ShellName, sorted } from './completion-shells.js';
import { runBlock } from './block-shell.js';
import { readmeLines } from './readme-shell.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

interface Node {
  /** The path of names, e.g. ['incidents', 'get']. */
  path: string[];
  aliases: string[];
  verbs: string[];
  /** The long options that can be typed at the command (its own, its parents', the globals). */
  options: string[];
}

/** The visible tree as commander holds it (the `help` command left out). */
function nodesOf(command: CommandUnknownOpts, path: string[] = [], above: string[] = []): Node[] {
  const help = command.createHelp();
  const options = [...new Set([...help.visibleOptions(command).flatMap((option) => (option.long ? [option.long] : [])), ...above])];
  const children = help.visibleCommands(command).filter((child) => child.name() !== 'help');
  return [
    { path, aliases: command.aliases(), verbs: children.map((child) => child.name()), options },
    ...children.flatMap((child) => nodesOf(child, [...path, child.name()], options)),
  ];
}

const nodes = nodesOf(await buildProgram());

/** Every way to type each command with at least one alias in it: [typed words, the node]. */
const aliasPaths: [string[], Node][] = nodes.flatMap((node) => {
  const ways = node.path.reduce<string[][]>(
    (prefixes, name, depth) => {
      const at = nodes.find((other) => other.path.join(' ') === node.path.slice(0, depth + 1).join(' '))!;
      return prefixes.flatMap((prefix) => [name, ...at.aliases].map((word) => [...prefix, word]));
    },
    [[]],
  );
  return ways.filter((words) => words.join(' ') !== node.path.join(' ')).map((words) => [words, node] as [string[], Node]);
});

describe('the rule', () => {
  it('every get has view, every list has ls, every plural noun its singular', () => {
    const missing: string[] = [];
    for (const node of nodes) {
      const name = node.path.at(-1);
      if (name === undefined) continue;
      const expected =
        node.path.length === 1 && node.verbs.length > 0 && /[^su]s$/.test(name)
          ? name.replace(/ies$/, 'y').replace(/([^su])s$/, '$1')
          : name === 'get'
            ? 'view'
            : name === 'list'
              ? 'ls'
              : undefined;
      if (expected && !node.aliases.includes(expected)) missing.push(`${node.path.join(' ')}: ${expected}`);
    }
    expect(missing).toEqual([]);
    // So that this cannot pass on an empty tree: gh's words on the nouns the CLI has had longest.
    const aliased = new Set(nodes.flatMap((node) => node.aliases.map((alias) => [...node.path.slice(0, -1), alias].join(' '))));
    for (const words of [
      'incident',
      'status-page',
      'error-group',
      'heartbeat',
      'runtime',
      'incident-update',
      'incidents view',
      'incidents ls',
    ]) {
      expect(aliased, words).toContain(words);
    }
    // Words that are not plurals, and verbs other than get and list, get no alias.
    for (const path of ['rca', 'auth', 'config', 'incidents create', 'status-pages open']) {
      expect(nodes.find((node) => node.path.join(' ') === path)?.aliases, path).toEqual([]);
    }
  });

  it('applies to commands declared later, and never takes a word a sibling answers to', () => {
    const program = new Command('x');
    const widgets = program.command('widgets');
    widgets.command('get');
    widgets.command('list');
    widgets.command('ls'); // a verb of its own named ls: `list` gets no alias
    const policies = program.command('policies');
    policies.command('list');
    program.command('status'); // a top-level command without verbs: no singular
    program.command('widget-stats');
    program.commands.forEach(function walk(command: CommandUnknownOpts) {
      addGhWords(command);
      command.commands.forEach(walk);
    });
    const aliases = (path: string[]) =>
      path.reduce<CommandUnknownOpts>((at, name) => at.commands.find((child) => child.name() === name)!, program).aliases();
    expect(aliases(['widgets'])).toEqual(['widget']);
    expect(aliases(['widgets', 'get'])).toEqual(['view']);
    expect(aliases(['widgets', 'list'])).toEqual([]);
    expect(aliases(['policies'])).toEqual(['policy']);
    expect(aliases(['policies', 'list'])).toEqual(['ls']);
    expect(aliases(['status'])).toEqual([]);
    expect(aliases(['widget-stats'])).toEqual([]);
  });
});

// Aliases are commander's, so the parse is the same in process as in the binary: one pair and
// one help go through the built binary (the bundle keeps them), the rest through run().
describe('aliases at work', () => {
  it('an alias answers as the name does', async () => {
    const { env } = test.server;
    const id = parseJson<{ entries: { id: string }[] }>(await runCli(['incidents', 'list', '--json'], { env, inProcess: true })).entries[0]!
      .id;
    const pairs: [string[], string[]][] = [
      [
        ['incident', 'view', id],
        ['incidents', 'get', id],
      ],
      [
        ['incidents', 'view', id.slice(0, 8), '--json'],
        ['incidents', 'get', id, '--json'],
      ],
      [
        ['incident', 'ls'],
        ['incidents', 'list'],
      ],
      [
        ['status-page', 'ls', '--json'],
        ['status-pages', 'list', '--json'],
      ],
      [
        ['status-page', 'view', 'acme-payments'],
        ['status-pages', 'get', 'acme-payments'],
      ],
      [
        ['runtime', 'ls'],
        ['runtimes', 'list'],
      ],
      [
        ['incident-update', 'ls', id],
        ['incident-updates', 'list', id],
      ],
    ];
    for (const [i, [alias, name]] of pairs.entries()) {
      const inProcess = i > 0;
      const [viaAlias, viaName] = await Promise.all([runCli(alias, { env, inProcess }), runCli(name, { env, inProcess })]);
      expect(viaName.code, `${name.join(' ')}: ${viaName.stderr}`).toBe(0);
      expect(viaName.stdout.length).toBeGreaterThan(0);
      expect({ code: viaAlias.code, stdout: viaAlias.stdout }, alias.join(' ')).toEqual({ code: viaName.code, stdout: viaName.stdout });
    }
  });

  it('help works on any of them, and names the alias at its end; a word that is neither is exit 2', async () => {
    const [help, option, name] = await Promise.all([
      runCli(['help', 'incident', 'view']),
      runCli(['incident', 'view', '--help'], { inProcess: true }),
      runCli(['incidents', 'get', '--help'], { inProcess: true }),
    ]);
    expect(name.code).toBe(0);
    expect(name.stdout).toMatch(/^Usage: statusctl incidents get \[options\] <id>/);
    expect(name.stdout).toMatch(/\nAlias: view\n\nDocs: \S+\n$/);
    expect(help).toMatchObject({ code: 0, stdout: name.stdout });
    expect(option).toMatchObject({ code: 0, stdout: name.stdout });
    // Command lists name each command once.
    const root = await runCli(['--help'], { inProcess: true });
    expect(root.stdout).toMatch(/^ {2}incidents {2,}\S/m);
    expect(root.stdout).not.toMatch(/incidents\|incident/);
    const unknown = await runCli(['help', 'incident', 'veiw'], { inProcess: true });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^statusctl: help: unknown command 'incident veiw' \(did you mean view\?\)/);
    // Outside help too; and a name and its alias are suggested once, by the name.
    const [typo, nameTypo] = await Promise.all([
      runCli(['incident', 'veiw'], { inProcess: true }),
      runCli(['incidents', 'lst'], { inProcess: true }),
    ]);
    expect(typo).toMatchObject({ code: 2, stderr: "statusctl: unknown command 'veiw' (Did you mean view?)\n" });
    expect(nameTypo).toMatchObject({ code: 2, stderr: "statusctl: unknown command 'lst' (Did you mean list?)\n" });
  });

  it("the README's block of gh's words runs as written", async () => {
    const lines = readmeLines('gh-words', 'docs/commands.md');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    // The demo account: the README's ids are its ids.
    const demo = await startTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: 'sk_readme_gh_words_0123456789' }] });
    const { code, stdout, stderr } = await runBlock(lines, demo.env);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/\nAlias: view\n\nDocs: \S+\n$/);
  });

  it('help for every alias path is the help of the command it names', async () => {
    expect(aliasPaths.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const [words, node] of aliasPaths) {
      const [viaAlias, viaName] = await Promise.all([
        runCli(['help', ...words], { inProcess: true }),
        runCli([...node.path, '--help'], { inProcess: true }),
      ]);
      if (viaAlias.code !== 0 || viaAlias.stdout !== viaName.stdout) wrong.push(words.join(' '));
    }
    expect(wrong).toEqual([]);
  });
});

// ---- completion -------------------------------------------------------------------------------

const scripts: Record<string, string> = {};
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'statusctl-aliases-'));
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await runCli(['completion', shell], { inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = result.stdout;
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What each shell offers at the end of each line, as test/cli/completion.test.ts asks them. */
const complete = (shell: ShellName, lines: string[]) => completeIn(shell, scripts[shell]!, dir, lines);

/** Which words of a path are aliases, and whether the command has verbs: `alias name +verbs`. */
const shapeOf = ([words, node]: [string[], Node]) =>
  [...words.map((word, i) => (word === node.path[i] ? 'name' : 'alias')), node.verbs.length > 0 ? '+verbs' : ''].join(' ');

// Each script follows an alias with the same code wherever it is, from a table written for every
// command: bash, the cheapest to run, is asked every alias path, so the table is checked whole
// (zsh's is the same code as bash's, bash-zsh.ts); zsh and fish, whose own code is what differs,
// are asked one path of each shape (a noun's alias, a verb's, both). Each command's list of
// verbs holding only names, never aliases, is completion.test.ts's check, in every shell.
const pathsAskedIn = (shell: ShellName) =>
  shell === 'bash' ? aliasPaths : aliasPaths.filter((path, i) => aliasPaths.findIndex((other) => shapeOf(other) === shapeOf(path)) === i);

describe.each(Object.keys(SHELLS) as ShellName[])('completion in %s', (shell) => {
  it.runIf(SHELLS[shell])(
    'after an alias, what the command it names has',
    () => {
      const paths = pathsAskedIn(shell);
      // So that this can fail: the shapes are there (a noun's alias, a verb's, both, after a name
      // or an alias), and an alias is followed as its name.
      expect([...new Set(paths.map(shapeOf))]).toEqual(
        expect.arrayContaining(['alias +verbs', 'alias alias ', 'alias name ', 'name alias ']),
      );
      expect(aliasPaths.find(([words]) => words.join(' ') === 'incident view')?.[1].options).toContain('--web');
      const cases: [string, string[]][] = [];
      for (const [words, node] of paths) {
        const line = ['statusctl', ...words].join(' ');
        cases.push([`${line} `, node.verbs]);
        cases.push([`${line} --`, node.options]);
      }
      const offered = complete(
        shell,
        cases.map(([line]) => line),
      );
      expect(offered).toHaveLength(cases.length);
      const wrong = cases
        .map(([line, expected], i) => ({ line, expected: sorted(expected), offered: sorted(offered[i]!) }))
        .filter(({ expected, offered }) => JSON.stringify(expected) !== JSON.stringify(offered));
      expect(wrong).toEqual([]);
    },
    120_000,
  );
});
