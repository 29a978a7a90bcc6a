// completion bash|zsh|fish: the scripts statusctl prints (in process: the program the binary runs,
// whose script end-to-end.test.ts prints through the binary), run in the real shells. Each
// shell completes every command path, every command's options and every option with fixed
// values, and must offer exactly what that command declares: a verb offered another verb's
// values (`incidents list --status` and `incidents create --status`) fails. The expectations
// come from the commander tree the CLI parses with, so a verb added later is checked too.
// zsh and fish come from scripts/system-deps/shells.sh; without them their tests skip, saying so.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { completeIn, SHELLS, type ShellName, sorted } from './completion-shells.js';
import { buildProgram } from '../../src/cli/runtime/program.js';
import { INCIDENT_STATUSES, SEVERITIES } from '../../src/contract/enums.js';
import { TOOLSET_WORDS } from '../../src/mcp/toolsets.js';

for (const [shell, there] of Object.entries(SHELLS)) {
  if (!there) console.warn(`completion tests for ${shell} skipped: ${shell} is missing (install it with scripts/system-deps/shells.sh)`);
}

interface Command {
  path: string[];
  verbs: string[];
  /** Every option that can be typed at the command (its own, its parents', the globals). */
  options: string[];
  /** The options with fixed values, and those values. */
  choices: [flag: string, values: string[]][];
}

/** The command tree as commander holds it, the one the CLI parses with (help and hidden commands left out). */
function commandsOf(command: CommandUnknownOpts, path: string[] = [], above: string[] = []): Command[] {
  const help = command.createHelp();
  const own = help.visibleOptions(command);
  const options = [...new Set([...own.flatMap((option) => [option.short, option.long]), ...above])].filter((flag): flag is string =>
    Boolean(flag),
  );
  const children = help.visibleCommands(command).filter((child) => child.name() !== 'help');
  const choices = own
    .filter((option) => option.argChoices)
    .flatMap((option) => [option.short, option.long].filter(Boolean).map((flag) => [flag!, option.argChoices!] as [string, string[]]));
  return [
    { path, verbs: children.map((child) => child.name()), options, choices },
    ...children.flatMap((child) => commandsOf(child, [...path, child.name()], options)),
  ];
}

const tree = commandsOf(await buildProgram());
const scripts: Record<string, string> = {};
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'statusctl-completion-'));
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await runCli(['completion', shell], { inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = result.stdout;
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What each shell offers at the end of each line (the last word being typed; '' after a space). */
const complete = Object.fromEntries(
  (Object.keys(SHELLS) as ShellName[]).map((shell) => [shell, (lines: string[]) => completeIn(shell, scripts[shell]!, dir, lines)]),
) as Record<ShellName, (lines: string[]) => string[][]>;

describe.each(Object.keys(SHELLS) as ShellName[])('completion in %s, run for real', (shell) => {
  it.runIf(SHELLS[shell])(
    "each command's verbs, options and option values: its own, never another's",
    () => {
      const cases: [line: string, expected: string[]][] = [];
      for (const command of tree) {
        const line = ['statusctl', ...command.path].join(' ');
        cases.push([`${line} `, command.verbs]);
        cases.push([`${line} --`, command.options.filter((flag) => flag.startsWith('--'))]);
        for (const [flag, values] of command.choices) cases.push([`${line} ${flag} `, values]);
      }
      // So that this test can fail: two verbs with an option of the same name and other values.
      const statusValues = (verb: string) => cases.find(([line]) => line === `statusctl incidents ${verb} --status `)?.[1];
      expect(statusValues('list')).toEqual(['open', 'resolved', 'all']);
      expect(statusValues('create')).toEqual([...INCIDENT_STATUSES]);
      // The toolsets an MCP server can serve, and the words all and default.
      expect(cases.find(([line]) => line === 'statusctl mcp --toolsets ')?.[1]).toEqual([...TOOLSET_WORDS]);

      const offered = complete[shell](cases.map(([line]) => line));
      expect(offered).toHaveLength(cases.length);
      const wrong = cases
        .map(([line, expected], i) => ({ line, expected: sorted(expected), offered: sorted(offered[i]!) }))
        .filter(({ expected, offered }) => JSON.stringify(expected) !== JSON.stringify(offered));
      expect(wrong).toEqual([]);
    },
    120_000,
  );

  it.runIf(SHELLS[shell])(
    'skips option values and ids on the way to the command; completes a prefix and file names',
    () => {
      writeFileSync(join(dir, 'notice-text.md'), 'We are on it');
      writeFileSync(join(dir, 'second notice.md'), 'Still on it');
      const cases: [string, string[]][] = [
        ['statusctl --output json runtimes ', ['get', 'list']],
        ['statusctl -o json incidents list --status ', ['open', 'resolved', 'all']],
        ['statusctl incidents list --service list --status ', ['open', 'resolved', 'all']],
        ['statusctl incident-updates add create --status ', [...INCIDENT_STATUSES]],
        ['statusctl error-groups un', ['unarchive']],
        ['statusctl incidents create --severity M', SEVERITIES.filter((value) => value.startsWith('M'))],
        ['statusctl completion z', []],
        [`statusctl incident-updates put i u --message-file ${join(dir, 'notice-')}`, ['notice-text.md']],
        [`statusctl incidents resolve i --message-file ${join(dir, 'sec')}`, ['second notice.md']],
      ];
      // zsh adds a file's name to the directory typed, bash and fish give the whole path.
      const offered = complete[shell](cases.map(([line]) => line)).map((candidates) => candidates.map((candidate) => basename(candidate)));
      expect(offered.map(sorted)).toEqual(cases.map(([, expected]) => sorted(expected)));
    },
    120_000,
  );
});

describe('completion scripts', () => {
  it('are valid for their shell and register themselves', () => {
    expect(scripts.bash).toContain('complete -F _statusctl statusctl');
    expect(scripts.zsh!.startsWith('#compdef statusctl\n')).toBe(true);
    expect(scripts.fish).toContain('complete -c statusctl -f');
    const checks = { bash: ['-n'], zsh: ['-n'], fish: ['--no-execute'] };
    for (const shell of Object.keys(SHELLS) as ShellName[]) {
      if (!SHELLS[shell]) continue;
      const file = join(dir, `syntax.${shell}`);
      writeFileSync(file, scripts[shell]!);
      const run = spawnSync(shell, [...checks[shell], file], { encoding: 'utf8' });
      expect(run.status, `${shell}: ${run.stderr}`).toBe(0);
    }
  });

  // A usage error is the parse's, the same in process as in the binary.
  it('exits 2 for an unknown shell or none', async () => {
    expect((await runCli(['completion', 'powershell'], { inProcess: true })).code).toBe(2);
    expect((await runCli(['completion'], { inProcess: true })).code).toBe(2);
  });
});
