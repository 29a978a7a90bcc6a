// The words gh users type, through the built binary: bare `statusctl`, `-L` for --limit, `close`
// and `rm`, a mistyped config key, and bounds said in words a user reads.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../../src/cli/runtime/program.js';
import { parseJson, runCli, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

/** Every command of the tree with its path. */
function commandsOf(command: CommandUnknownOpts, path: string[] = []): [string[], CommandUnknownOpts][] {
  return command.commands.flatMap((child) => [
    [[...path, child.name()], child] as [string[], CommandUnknownOpts],
    ...commandsOf(child, [...path, child.name()]),
  ]);
}

const tree = commandsOf(await buildProgram());
const withLimit = tree.filter(([, command]) => command.options.some((option) => option.long === '--limit'));

describe("gh's words", () => {
  it('bare statusctl prints the help to stdout and exits 0', async () => {
    const [bare, help] = await Promise.all([runCli([]), runCli(['--help'])]);
    expect(bare).toEqual({ code: 0, stdout: help.stdout, stderr: '' });
    expect(bare.stdout).toMatch(/^Usage: statusctl /);
  });

  it('-L is --limit on every command that has --limit', async () => {
    // A floor, so that a tree read wrong cannot pass.
    expect(withLimit.length).toBeGreaterThanOrEqual(5);
    const without = withLimit.filter(([, command]) => command.options.find((option) => option.long === '--limit')!.short !== '-L');
    expect(without.map(([path]) => path.join(' '))).toEqual([]);
    const { env } = test.server;
    const [short, long] = await Promise.all([
      runCli(['incidents', 'list', '-L', '2', '--json'], { env }),
      runCli(['incidents', 'list', '--limit', '2', '--json'], { env }),
    ]);
    expect(short.code, short.stderr).toBe(0);
    expect(parseJson<{ entries: unknown[] }>(short).entries).toHaveLength(2);
    expect(short.stdout).toBe(long.stdout);
  });

  it('close is incidents resolve and rm every delete', async () => {
    const verbs = tree.filter(([path]) => ['resolve', 'delete'].includes(path.at(-1)!));
    expect(verbs.map(([path]) => path.join(' '))).toEqual(expect.arrayContaining(['incidents resolve', 'incidents delete']));
    for (const [path, command] of verbs) expect(command.aliases(), path.join(' ')).toContain(path.at(-1) === 'resolve' ? 'close' : 'rm');
    const { env } = test.server;
    const id = parseJson<{ entries: { id: string }[] }>(await runCli(['incidents', 'list', '--json'], { env })).entries[0]!.id;
    const [close, resolve, rm, del] = await Promise.all([
      runCli(['incidents', 'close', id, '--dry-run'], { env }),
      runCli(['incidents', 'resolve', id, '--dry-run'], { env }),
      runCli(['incident', 'rm', id, '--dry-run'], { env }),
      runCli(['incidents', 'delete', id, '--dry-run'], { env }),
    ]);
    expect(resolve.code, resolve.stderr).toBe(0);
    expect(close).toEqual(resolve);
    expect(del.code, del.stderr).toBe(0);
    expect(rm).toEqual(del);
    const help = await runCli(['incidents', 'close', '--help']);
    expect(help.stdout).toMatch(/^Usage: statusctl incidents resolve /);
    expect(help.stdout).toMatch(/\nAlias: close\n/);
  });

  it('a mistyped config key gets the closest key, the valid keys and a hint, exit 2', async () => {
    const result = await runCli(['config', 'set', 'bse-url', 'x']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "statusctl: key: unknown setting 'bse-url' (did you mean base-url?): expected one of base-url, api-key, account-id, proxy, ca-file, system-ca, heartbeats\n" +
        'hint: statusctl config set base-url VALUE\n',
    });
  });

  it('--limit 0 says what is allowed in words a user reads, on every command that has it', async () => {
    const results = await Promise.all(withLimit.map(([path]) => runCli([...path, '--limit', '0'], { env: test.server.env })));
    const said = results.map((result, i) => [withLimit[i]![0].join(' '), result.code, result.stderr.split('\n')[0]]);
    for (const [path, code, line] of said) {
      expect(code, path as string).toBe(2);
      expect(line, path as string).toMatch(/expected a whole number (from 1 to \d{1,4}|1 or more)$/);
    }
    expect(said.find(([path]) => path === 'incidents list')?.[2]).toMatch(/expected a whole number 1 or more$/);
  });
});
