// How the help examples are run (help-examples-runs.ts, for help-examples.test.ts): which examples
// run once for several, which run in this process, which as a pipeline of this process and bash,
// and that such a pipeline runs as bash with pipefail would.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir } from './helpers.js';
import { pipelineOf, runPipeline } from './pipeline.js';
import { commandsToRun, FULL_TOUR, inProcessArgs, stagesOf } from './help-examples-runs.js';

describe('help examples', () => {
  it('runs examples that differ only in a trailing comment once, for each of them, a tour like the full one as its run, and the tours first', () => {
    expect(
      commandsToRun(['statusctl whoami', 'statusctl demo', 'statusctl whoami   # who am I', "echo '# not a comment'"], 'http://x'),
    ).toEqual([
      { line: 'statusctl demo', run: 'statusctl demo', examples: ['statusctl demo'] },
      { line: 'statusctl whoami', run: 'statusctl whoami', examples: ['statusctl whoami', 'statusctl whoami   # who am I'] },
      { line: "echo '# not a comment'", run: "echo '# not a comment'", examples: ["echo '# not a comment'"] },
    ]);
    // A tour that differs from the full one only in --no-color and where its output goes is its run.
    expect(
      commandsToRun(['statusctl demo   # the tour', FULL_TOUR, 'statusctl demo --rca-delay 5000', 'statusctl whoami'], 'http://x'),
    ).toEqual([
      { line: FULL_TOUR, run: FULL_TOUR, examples: ['statusctl demo   # the tour', FULL_TOUR] },
      { line: 'statusctl demo --rca-delay 5000', run: 'statusctl demo --rca-delay 5000', examples: ['statusctl demo --rca-delay 5000'] },
      { line: 'statusctl whoami', run: 'statusctl whoami', examples: ['statusctl whoami'] },
    ]);
  });

  it('runs in this process only one statusctl command of plain and quoted words that ends by itself', () => {
    expect(inProcessArgs(`statusctl incidents create --name "Checkout errors" --service 'Payments API' --yes   # a comment`)).toEqual([
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--service',
      'Payments API',
      '--yes',
    ]);
    expect(inProcessArgs(`statusctl api /v1/x -f description='Rolled back' -f status=MONITORING --fail-under 99.5%`)).toEqual([
      'api',
      '/v1/x',
      '-f',
      'description=Rolled back',
      '-f',
      'status=MONITORING',
      '--fail-under',
      '99.5%',
    ]);
    expect(inProcessArgs(`statusctl whoami ''`)).toEqual(['whoami', '']);
    for (const line of [
      'statusctl auth token | wc -c',
      'statusctl rca request - < ids.txt',
      'statusctl auth token --profile staging > key.txt',
      'statusctl a && statusctl b',
      'statusctl a; statusctl b',
      'statusctl rca get "$ID"',
      'statusctl rca get $ID',
      'statusctl rca get `cat id`',
      'statusctl get "a\\"b"',
      'statusctl get a\\ b',
      'statusctl api /v1/status-pages?limit=1',
      'statusctl completion bash > ~/x',
      'statusctl config get ~',
      'statusctl get {a,b}',
      'statusctl get a#b',
      "statusctl get 'unterminated",
      'STATUSCTL_PROFILE=staging statusctl whoami',
      '"statusctl" whoami',
      'statusctlx whoami',
      'cat <<EOF',
      'statusctl server --port 0',
      'statusctl mcp',
      'statusctl demo --rca-delay 5000',
      'echo statusctl',
    ]) {
      expect(inProcessArgs(line), line).toBeUndefined();
    }
  });

  it('runs the statusctl commands of plain words of a pipeline in this process and the rest in bash, and splits no other line', () => {
    expect(stagesOf(`statusctl incidents list -o json | jq -r '.entries[] | "(.id) (.name)"'   # a comment | with a pipe`)).toEqual([
      { statusctl: ['incidents', 'list', '-o', 'json'] },
      { shell: `jq -r '.entries[] | "(.id) (.name)"'` },
    ]);
    expect(stagesOf(`printf '%s\n' a b | statusctl subscriptions add 'Acme Payments' - | cut -f2 | sort`)).toEqual([
      { shell: `printf '%s\n' a b` },
      { statusctl: ['subscriptions', 'add', 'Acme Payments', '-'] },
      { shell: 'cut -f2 | sort' },
    ]);
    expect(stagesOf('statusctl a --jq .id | statusctl b - --yes')).toEqual([
      { statusctl: ['a', '--jq', '.id'] },
      { statusctl: ['b', '-', '--yes'] },
    ]);
    expect(stagesOf('statusctl rca request - < ids.txt')).toEqual([{ statusctl: ['rca', 'request', '-'], input: 'ids.txt' }]);
    expect(stagesOf('statusctl auth token > key.txt')).toEqual([{ statusctl: ['auth', 'token'], output: 'key.txt' }]);
    for (const line of [
      'echo "$KEY" | wc -c',
      'statusctl a || echo failed',
      'statusctl a |& cat',
      'statusctl a && statusctl b | cat',
      'statusctl a | cat; statusctl b',
      'statusctl a | cat &',
      'statusctl a "$(statusctl b | cut -f1)"',
      'curl -H "Bearer $(statusctl auth token)" | cat',
      'statusctl a | cat `statusctl b`',
      'statusctl a | (cat)',
      'statusctl a | { cat; }',
      'statusctl a \\| cat',
      "statusctl a | grep 'unterminated",
      'statusctl a |',
      '| statusctl a',
      'statusctl a > ~/file',
      'statusctl a 2> errors.txt',
      'statusctl a >> log.txt',
      'statusctl a < one.txt < two.txt',
      'statusctl a > "quoted name"',
      'STATUSCTL_PROFILE=staging statusctl whoami | cat',
      'statusctl rca get "$ID" | cat',
      'statusctl server --quiet | cat',
      'statusctl demo | cat',
    ]) {
      expect(stagesOf(line), line).toBeUndefined();
    }
  });

  it('runs a pipeline as bash with pipefail would: each stdin the output before, the last failure its exit status', async () => {
    const cwd = tempConfigDir();
    writeFileSync(join(cwd, 'ids.txt'), 'one\n');
    const ran: string[] = [];
    const runners = {
      cwd,
      statusctl: async (args: string[], input: string) => {
        ran.push(`statusctl ${args.join(' ')} <${JSON.stringify(input)}`);
        return { code: args[0] === 'fail' ? 4 : 0, stdout: `${args.join(' ')}:${input}`, stderr: `${args[0]} said\n` };
      },
      shell: async (script: string, input: string) => {
        ran.push(`bash ${script} <${JSON.stringify(input)}`);
        return { code: script === 'false' ? 1 : 0, stdout: input.toUpperCase(), stderr: '' };
      },
    };
    expect(await runPipeline(pipelineOf('statusctl a - < ids.txt | tr a-z A-Z | statusctl b -')!, runners)).toEqual({
      code: 0,
      stdout: 'b -:A -:ONE\n',
      stderr: 'a said\nb said\n',
    });
    expect(ran).toEqual(['statusctl a - <"one\\n"', 'bash tr a-z A-Z <"a -:one\\n"', 'statusctl b - <"A -:ONE\\n"']);
    expect((await runPipeline(pipelineOf('statusctl fail | false | statusctl a')!, runners)).code).toBe(1);
    expect((await runPipeline(pipelineOf('statusctl fail | cat')!, runners)).code).toBe(4);
    // Output to a file is the file's, not the line's.
    expect(await runPipeline(pipelineOf('statusctl a > out.txt')!, runners)).toEqual({ code: 0, stdout: '', stderr: 'a said\n' });
    expect(readFileSync(join(cwd, 'out.txt'), 'utf8')).toBe('a:');
    // Input that cannot be opened: the command does not run, as in bash.
    ran.length = 0;
    const missing = await runPipeline(pipelineOf('statusctl a - < missing.txt')!, runners);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^missing\.txt: /);
    expect(ran).toEqual([]);
  });

  it('runs an example of `auth login` or `auth logout` as the same example of `login` or `logout`, and no other', () => {
    const examples = [
      'statusctl auth login --insecure-storage',
      'echo "$KEY" | statusctl auth login --with-token',
      'statusctl login --insecure-storage',
      'statusctl auth logout --profile staging',
      'statusctl logout --profile staging   # the staging key',
      'statusctl auth status',
      'statusctl auth loginx',
    ];
    expect(commandsToRun(examples, 'http://x')).toEqual([
      {
        line: 'statusctl login --insecure-storage',
        run: 'statusctl login --insecure-storage',
        examples: ['statusctl auth login --insecure-storage', 'statusctl login --insecure-storage'],
      },
      {
        line: 'echo "$KEY" | statusctl auth login --with-token',
        run: 'echo "$KEY" | statusctl auth login --with-token',
        examples: ['echo "$KEY" | statusctl auth login --with-token'],
      },
      {
        line: 'statusctl auth logout --profile staging',
        run: 'statusctl auth logout --profile staging',
        examples: ['statusctl auth logout --profile staging', 'statusctl logout --profile staging   # the staging key'],
      },
      { line: 'statusctl auth status', run: 'statusctl auth status', examples: ['statusctl auth status'] },
      { line: 'statusctl auth loginx', run: 'statusctl auth loginx', examples: ['statusctl auth loginx'] },
    ]);
  });
});
