// completion bash|zsh|fish: generated from the program tree. The bash script is also run in a
// real bash, to check it completes, not only that it mentions words.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './in-process.js';
import { INCIDENT_STATUSES, SEVERITIES } from '../../src/contract/enums.js';

const hasShell = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
let nouns: string[] = [];
let dir: string;

beforeAll(async () => {
  const help = (await runCli(['--help'])).stdout;
  nouns = help
    .split(/^Commands:\n/m)[1]!
    .split('\n\n')[0]!
    .split('\n')
    .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
  dir = mkdtempSync(join(tmpdir(), 'statusctl-completion-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sources the bash script and asks it to complete `words` (the last one being typed). */
function bashComplete(script: string, words: string[]): string[] {
  const file = join(dir, 'statusctl.bash');
  writeFileSync(file, script);
  const quoted = words.map((word) => `'${word}'`).join(' ');
  const run = spawnSync(
    'bash',
    [
      '--norc',
      '--noprofile',
      '-c',
      `source '${file}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _statusctl; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter(Boolean);
}

describe('completion', () => {
  it('bash: mentions every noun and registers itself', async () => {
    expect(nouns.length).toBeGreaterThanOrEqual(10);
    const result = await runCli(['completion', 'bash']);
    expect(result.code).toBe(0);
    for (const noun of nouns) expect(result.stdout).toContain(noun);
    expect(result.stdout).toContain('complete -F _statusctl statusctl');
  });

  it.runIf(hasShell('bash'))('bash: completes nouns, verbs, options and option values', async () => {
    const script = (await runCli(['completion', 'bash'])).stdout;
    expect(bashComplete(script, ['statusctl', ''])).toEqual(expect.arrayContaining(nouns));
    expect(bashComplete(script, ['statusctl', 'rca', ''])).toEqual(['request', 'get']);
    expect(bashComplete(script, ['statusctl', 'error-groups', 'un'])).toEqual(['unarchive']);
    const requestOptions = bashComplete(script, ['statusctl', 'rca', 'request', 'group-id', '--']);
    expect(requestOptions).toEqual(expect.arrayContaining(['--context', '--wait', '--wait-timeout', '--base-url', '--output']));
    expect(bashComplete(script, ['statusctl', '--output', 'json', 'runtimes', ''])).toEqual(['list']);
    expect(bashComplete(script, ['statusctl', 'runtimes', 'list', '-o', ''])).toEqual(['table', 'json', 'md']);
    expect(bashComplete(script, ['statusctl', 'completion', 'z'])).toEqual([]);
    // Enum values come from the contract's enums (commander choices), not restated here.
    expect(bashComplete(script, ['statusctl', 'incidents', 'create', '--severity', ''])).toEqual([...SEVERITIES]);
    expect(bashComplete(script, ['statusctl', 'incident-updates', 'add', 'i', '--status', ''])).toEqual([...INCIDENT_STATUSES]);
    expect(bashComplete(script, ['statusctl', 'runtimes', 'list', '--stage', ''])).toEqual(
      expect.arrayContaining(['CURRENT', 'DEPRECATED']),
    );
    expect(bashComplete(script, ['statusctl', 'server', '--log-format', ''])).toEqual(['text', 'json']);
  });

  it.runIf(hasShell('bash'))(
    'bash: the write options (--dry-run, --concurrency, --force) and --message-file completing paths',
    async () => {
      const script = (await runCli(['completion', 'bash'])).stdout;
      expect(bashComplete(script, ['statusctl', 'error-groups', 'archive', 'id', '--'])).toEqual(
        expect.arrayContaining(['--forever', '--dry-run', '--concurrency']),
      );
      expect(bashComplete(script, ['statusctl', 'incidents', 'resolve', 'id', '--'])).toEqual(
        expect.arrayContaining(['--message', '--message-file', '--force', '--dry-run', '--concurrency']),
      );
      for (const words of [
        ['rca', 'request', 'g'],
        ['incident-updates', 'add', 'i'],
        ['incident-updates', 'put', 'i', 'u'],
      ]) {
        expect(bashComplete(script, ['statusctl', ...words, '--'])).toEqual(expect.arrayContaining(['--dry-run']));
      }
      writeFileSync(join(dir, 'notice-text.md'), 'We are on it');
      expect(bashComplete(script, ['statusctl', 'incident-updates', 'put', 'i', 'u', '--message-file', join(dir, 'notice-')])).toEqual([
        join(dir, 'notice-text.md'),
      ]);
    },
  );

  it.runIf(hasShell('bash'))('bash: the script is valid bash', async () => {
    const file = join(dir, 'syntax.bash');
    writeFileSync(file, (await runCli(['completion', 'bash'])).stdout);
    expect(spawnSync('bash', ['-n', file]).status).toBe(0);
  });

  it('zsh: a compdef function mentioning every noun and verb description', async () => {
    const result = await runCli(['completion', 'zsh']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('#compdef statusctl\n')).toBe(true);
    for (const noun of nouns) expect(result.stdout).toContain(`'${noun}:`);
    expect(result.stdout).toContain("'request:Ask for a root cause analysis");
    if (hasShell('zsh')) {
      const file = join(dir, '_statusctl');
      writeFileSync(file, result.stdout);
      expect(spawnSync('zsh', ['-n', file]).status).toBe(0);
    }
  });

  it('fish: complete lines for every noun and the verbs under them', async () => {
    const result = await runCli(['completion', 'fish']);
    expect(result.code).toBe(0);
    for (const noun of nouns) expect(result.stdout).toContain(`-n '__fish_use_subcommand' -a '${noun}'`);
    expect(result.stdout).toContain("__fish_seen_subcommand_from rca; and not __fish_seen_subcommand_from request get' -a 'request'");
    expect(result.stdout).toContain("-s o -l output -x -a 'table json md'");
    if (hasShell('fish')) {
      const file = join(dir, 'statusctl.fish');
      writeFileSync(file, result.stdout);
      expect(spawnSync('fish', ['--no-execute', file]).status).toBe(0);
    }
  });

  it('exits 2 for an unknown shell or none', async () => {
    expect((await runCli(['completion', 'powershell'])).code).toBe(2);
    expect((await runCli(['completion'])).code).toBe(2);
  });
});
