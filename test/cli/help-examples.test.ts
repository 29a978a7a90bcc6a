// Every example in every command's --help runs, as written, against the reference server: a
// newcomer who copies one gets what it promises (exit 0; exit 5 where the example sets a
// --fail-under threshold). The examples are read from the help output of the whole program tree,
// so a command or example added later is run without touching this file.
//
// Where each runs: an example that is one statusctl command of plain and quoted words, and ends
// by itself, runs in this process through run() (src/cli/runtime/run.ts, the program the binary
// runs: the same parsing, commands and exit codes), as the binary would be started by bash: the
// sandbox's environment, its directory as the current one, stdin empty, stdout a pipe. Starting
// Node for each of them was most of this file's time, and a process adds nothing these examples
// show (the launcher, signals and pipes have tests of their own). An example that is a pipeline
// of such commands and others, with maybe a file in or out (`statusctl ... | jq ...`, `printf
// ... | statusctl ... -`, `statusctl ... - < ids.txt`, `statusctl ... > key.txt`), runs its
// statusctl commands so and the others in bash, each given what the one before printed, checked
// as bash with pipefail checks the line (pipeline.ts). Every other example runs in bash with the
// built binary on the PATH: an expansion, `&&`, `||`, a substitution, a variable in front, a
// redirection to anything but a plain file name (statusctlArgs in readme-shell.ts and pipelineOf
// tell them apart, strictly: anything they do not know goes to bash), and the examples that serve
// or tour (server, mcp, demo), which are stopped or start a process per step.
//
// The examples run in a sandbox that stands for a newcomer's machine after the README's "Try it"
// steps: `statusctl` on the PATH; the reference server serving the demo
// account (whose ids the examples name) with STATUSCTL_BASE_URL, STATUSCTL_API_KEY and
// STATUSCTL_ACCOUNT_ID exported, and KEY and ACCOUNT_ID as in the README; profiles `staging` and
// `ci` in the config file; HOME with the usual completion directories; and the files the examples
// read (ids.txt, key.txt, fixtures.json...; no template: an example that uses one makes it) in the
// working directory, which is a git checkout with one commit. Two substitutions, so that
// runs in parallel never collide: the server's address for http://127.0.0.1:4010, and port 0
// (a free one) for `statusctl server`. A trailing `&` is dropped: the test waits instead.
//
// `statusctl server` and `statusctl mcp` serve until stopped: a server example passes once it
// prints its address, an MCP one once it answers an initialize request; then it is stopped.
// `statusctl demo` tours every command, each a process of its own: the tour runs to its end once,
// for the example that writes its transcript to a file (checked here step by step), which stands
// for a tour example that differs from it only in --no-color and where its output goes (off a
// terminal these change nothing); every other tour example (other options) passes once its
// reference server listens, those options taken (its steps are the full tour's), then is
// interrupted as a user would, with Ctrl-C. What any example prints to the pipe has no colors.
//
// Examples that run the same code run once, and each of the others is reported by name as covered
// by the one run: examples that differ only in a trailing comment; a tour like the full one (above);
// and the same example under the other name of a command declared twice by one module, in
// SAME_COMMANDS (`auth login` is `login`, `auth logout` is `logout`: their helps are checked to
// be one text but for the name). An example whose command line differs in anything else runs.
//
// Examples that need what the sandbox cannot give are marked in SKIPPED, by their exact text,
// with the reason; each is reported as skipped by name. An example that a docs page shows as well,
// the same command line in a block docs-examples.test.ts runs (docs-blocks.ts), runs there, once in
// the suite, with the same checks (exit 0 or a --fail-under's 5, no colors on the pipe); each is

import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { runCli, useTestServer } from './helpers.js';
import { commandLinesOfDocsExamples, withoutComment } from './docs-blocks.js';
import { examplesIn, helpTree } from './help-tree.js';
import {
  adapt,
  checkTour,
  commandsToRun,
  DEMO_KEY,
  ERROR_GROUP,
  FULL_TOUR,
  inProcessArgs,
  type Outcome,
  runExample,
  SAME_COMMANDS,
  sameCommand,
  sandbox,
  stagesOf,
} from './help-examples-runs.js';

/** Examples that cannot run here, by their exact text, and why. */
const SKIPPED: Record<string, string> = {
  'statusctl incidents create': 'needs a terminal: asks for each missing option',
};

const file = useTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: DEMO_KEY }], rcaDelayMs: 50 });

describe('help examples', () => {
  it('every example of every command runs against the reference server', async () => {
    const { server } = file;
    const tree = await helpTree(async (path) => {
      const result = await runCli([...path, '--help'], { inProcess: true });
      expect(result.code, `${path.join(' ')} --help: ${result.stderr}`).toBe(0);
      return result.stdout;
    });
    const examples = [...new Set(tree.flatMap(([, help]) => examplesIn(help)))];
    // A floor, so that a parser that finds nothing cannot pass.
    expect(examples.length).toBeGreaterThan(80);
    for (const example of Object.keys(SKIPPED)) expect(examples, `SKIPPED names an example no help shows: ${example}`).toContain(example);
    const skipped = examples.filter((example) => example in SKIPPED);
    console.info(`help examples skipped:\n${skipped.map((example) => `  ${example}  (${SKIPPED[example]})`).join('\n')}`);
    // A command of SAME_COMMANDS is looked for in the docs under the name it runs as, too.
    const docsLines = new Set([...commandLinesOfDocsExamples()].map(sameCommand));
    const inDocs = examples.filter((example) => !(example in SKIPPED) && docsLines.has(sameCommand(withoutComment(example))));
    console.info(
      `help examples run by docs-examples.test.ts, as a docs page shows them:\n${inDocs.map((example) => `  ${example}`).join('\n')}`,
    );
    // Each command of SAME_COMMANDS is one command: the same help under either name.
    const helpOf = (name: string) => tree.find(([path]) => path.join(' ') === name)?.[1];
    for (const [longer, shorter] of Object.entries(SAME_COMMANDS)) {
      expect(helpOf(longer), `${longer} --help`).toBeDefined();
      expect(helpOf(longer)?.replaceAll(`statusctl ${longer}`, `statusctl ${shorter}`)).toBe(helpOf(shorter));
    }

    const { cwd, env } = await sandbox(server.url);
    const queue = commandsToRun(
      examples.filter((example) => !(example in SKIPPED) && !inDocs.includes(example)),
      server.url,
    );
    const covered = queue.flatMap(({ run, examples: same }) =>
      same.filter((example) => example !== run).map((example) => `  ${example}  (by: ${run})`),
    );
    console.info(`help examples covered by another that runs the same code:\n${covered.join('\n')}`);
    const inProcess = queue.filter(({ line }) => inProcessArgs(line));
    const split = queue.filter(({ line }) => !inProcessArgs(line) && stagesOf(line));
    const binary = queue.filter(({ line }) => !inProcessArgs(line) && !stagesOf(line));
    console.info(
      `help examples run in this process: ${inProcess.length} command lines; its statusctl commands in this process, the rest in bash: ${split.length}:\n${split.map(({ run }) => `  ${run}`).join('\n')}\nby bash and the binary: ${binary.length}:\n${binary.map(({ run }) => `  ${run}`).join('\n')}`,
    );
    // So that the binary and bash stay exercised, and a tokenizer that takes everything cannot pass.
    expect(binary.length).toBeGreaterThan(30);
    const outcomes: Outcome[] = [];
    // The in-process runs read the sandbox's files by relative names (--message-file notice.md,
    // --input incident.json) and look for templates from the current directory up, as the binary
    // does from the directory it is started in: run() has no directory of its own, so this process
    // moves into the sandbox while the examples run, and back whatever happens. Vitest's forks
    // run one file at a time in a worker, so no other test sees the move.
    // In this process the CLI's default directories would be this process's (env-paths reads
    // its HOME, the user's): the sandbox names the config and cache directories, and gives no
    // session bus, so the key goes to the sandbox's config file and not to a credential store.
    // No example run here opens a browser (stdout is not a terminal) or writes under ~ (those go
    // through a redirection, so bash).
    for (const name of ['STATUSCTL_CONFIG_DIR', 'STATUSCTL_CACHE_DIR', 'XDG_RUNTIME_DIR'])
      expect(env[name]?.startsWith(tmpdir()), `${name}: ${env[name]}`).toBe(true);
    expect(env.DBUS_SESSION_BUS_ADDRESS).toBeUndefined();
    const home = process.cwd();
    process.chdir(cwd);
    try {
      // A few at a time: a bash line is a process or two, on a machine that may be busy.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
            const outcome = await runExample(command.run, command.line, cwd, env);
            for (const example of command.examples) outcomes.push({ ...outcome, example });
          }
        }),
      );
    } finally {
      process.chdir(home);
    }
    expect(outcomes).toHaveLength(examples.length - skipped.length - inDocs.length);
    expect(outcomes.filter((outcome) => outcome.problem).map(({ example, problem }) => `${example}\n    ${problem}`)).toEqual([]);
    // The one tour that runs to its end, in a file.
    expect(examples).toContain(FULL_TOUR);
    checkTour(readFileSync(join(cwd, 'demo.txt'), 'utf8'));
  }, 900_000);

  it('names the demo account in the sandbox, so the ids of the examples exist there', () => {
    expect(adapt('statusctl server --port 4010 &                  # prints the key', 'http://x')).toBe(
      'statusctl server --port 0                  # prints the key',
    );
    expect(adapt('statusctl server --quiet', 'http://x')).toBe('statusctl server --port 0 --quiet');
    expect(adapt('statusctl login --base-url http://127.0.0.1:4010', 'http://127.0.0.1:5555')).toBe(
      'statusctl login --base-url http://127.0.0.1:5555',
    );
    expect(ERROR_GROUP).toBe('c463c2d9-a899-5e7b-9e54-5b24368461d1');
  });
});
