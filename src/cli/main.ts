// Entry of the bundled CLI. Only commander and the command declarations load at start; each
// command imports what it needs (client, prompts, tables, server) when it runs.
import { Command, CommanderError, Option } from 'commander';
import { positiveNumber } from './command-kit.js';
import { describeFailure } from './failure.js';
import { ExitCode } from './exit-codes.js';
import { VERSION } from './version.js';
import * as auth from './commands/auth.js';
import * as config from './commands/config.js';
import * as statusPages from './commands/status-pages.js';
import * as incidents from './commands/incidents.js';
import * as incidentUpdates from './commands/incident-updates.js';
import * as rca from './commands/rca.js';
import * as errorGroups from './commands/error-groups.js';
import * as heartbeats from './commands/heartbeats.js';
import * as runtimes from './commands/runtimes.js';
import * as server from './commands/server.js';
import * as demo from './commands/demo.js';
import * as completion from './commands/completion.js';
import * as mcp from './commands/mcp.js';

/** Which module declares each top-level command. */
const COMMAND_MODULES = {
  login: auth,
  logout: auth,
  config,
  'status-pages': statusPages,
  incidents,
  'incident-updates': incidentUpdates,
  rca,
  'error-groups': errorGroups,
  heartbeats,
  runtimes,
  server,
  demo,
  completion,
  mcp,
} as const;

/** Global options that take a value, so the word after them is not the command. */
const VALUE_OPTIONS = new Set(['--base-url', '--api-key', '--account-id', '--profile', '-o', '--output', '--timeout']);

/**
 * The module whose command this call runs, when that alone is enough: declaring every command
 * costs about 15 ms of each call, and a call of `incidents list` needs only `incidents`. The
 * root help, `help`, `completion` (which walks the whole tree) and unknown words (whose
 * suggestions need every name) get all of them.
 */
function moduleToDeclare(args: string[]): (typeof COMMAND_MODULES)[keyof typeof COMMAND_MODULES] | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return undefined;
    if (arg.startsWith('-')) {
      if (VALUE_OPTIONS.has(arg)) i++;
      continue;
    }
    if (arg === 'completion' || !Object.hasOwn(COMMAND_MODULES, arg)) return undefined;
    return COMMAND_MODULES[arg as keyof typeof COMMAND_MODULES];
  }
  return undefined;
}

export function buildProgram(args: string[] = []): Command {
  const program = new Command('statusctl')
    .description('Status pages, incidents, root cause analyses, error groups, heartbeats and runtimes from the terminal')
    .version(VERSION, '-V, --version')
    .option('--base-url <url>', 'API base address (env STATUSCTL_BASE_URL)')
    .option('--api-key <key>', 'API key (env STATUSCTL_API_KEY); prefer login or the variable, options show in ps')
    .option('--account-id <id>', 'account id, sent as x-service-account (env STATUSCTL_ACCOUNT_ID)')
    .option('--profile <name>', 'named settings in the config file (env STATUSCTL_PROFILE)', undefined)
    .addOption(new Option('-o, --output <format>', 'output format').choices(['table', 'json']).default('table'))
    .option('--json', "same as -o json: the API's own JSON, stable for scripts")
    .option('--no-color', 'no colors (also NO_COLOR=1; FORCE_COLOR=1 forces them)')
    .option('--verbose', 'each HTTP request and response status on stderr (key masked), error details')
    .option('--timeout <seconds>', 'per request timeout', positiveNumber, 30)
    .showHelpAfterError('(run with --help for usage)')
    .showSuggestionAfterError()
    .exitOverride();
  program.addHelpText(
    'after',
    `
Getting started (no account needed: the reference server serves the whole API with demo data;
the heartbeat check and error group ids below are the demo data's):
  $ statusctl server --port 4010 &                  # prints the account id and key it accepts
  $ statusctl login --base-url http://127.0.0.1:4010
  $ statusctl status-pages list                     # service ids to declare incidents on
  $ statusctl incidents create --name 'Checkout errors' --severity major --service SERVICE_ID --yes
  $ statusctl incident-updates add INCIDENT_ID --message 'Rolled back' --status monitoring
  $ statusctl incidents resolve INCIDENT_ID
  $ statusctl rca request d0e41e60-fa5a-5299-a980-37a6c126e81b --wait
  $ statusctl error-groups archive d0e41e60-fa5a-5299-a980-37a6c126e81b
  $ statusctl heartbeats availability fda43eef-85e5-5496-a477-b0bde6014f3f --fail-under 99
  $ statusctl runtimes list
  $ statusctl demo                                  # all of the above, run for you

Exit codes: 0 ok, 1 API or network failure, 2 usage, 3 auth (no key, 401, 403), 4 not found,
5 threshold not met (--fail-under). Each command's --help has examples.
`,
  );
  const only = moduleToDeclare(args);
  for (const module of only ? [only] : new Set(Object.values(COMMAND_MODULES))) {
    module.register(program);
  }
  program.commands.forEach(function finish(command: Command) {
    command.exitOverride();
    // Command lists show the first paragraph; the whole description stays in the command's own help.
    if (!command.summary()) command.summary(command.description().split('\n\n')[0]!);
    command.commands.forEach(finish);
  });
  return program;
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram(argv.slice(2));
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (error) {
    // commander has already printed its own message for parse errors, help and --version.
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const failure = describeFailure(error);
    const verbose = argv.includes('--verbose');
    process.stderr.write(`statusctl: ${failure.message}\n`);
    if (verbose && failure.detail) process.stderr.write(`${failure.detail}\n`);
    return failure.exitCode;
  }
}

// `statusctl incidents list | head` closes the pipe before the table is written: the reader is
// done, which is not a failure worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  throw error;
});

void main(process.argv).then((code) => {
  process.exitCode = code;
});
