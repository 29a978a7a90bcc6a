// The program and its global options. Their types come from these declarations
// (@commander-js/extra-typings), so a command's options and the globals it reads cannot drift
// apart from what the parser produces.
import { Command, Help } from '@commander-js/extra-typings';
import { choiceOption, positiveNumber } from './command-kit.js';
import { VERSION } from './version.js';

// The environment variables are read by Context.settings(), not by commander's Option.env():
// commander reads process.env, and a run gets its environment from the caller (src/cli/runtime/run.ts).
export function declareProgram() {
  return (
    new Command('statusctl')
      .description('Status pages, incidents, root cause analyses, error groups, heartbeats and runtimes from the terminal')
      .version(VERSION, '-V, --version')
      .option('--base-url <url>', 'API base address (env STATUSCTL_BASE_URL)')
      .option('--api-key <key>', 'API key (env STATUSCTL_API_KEY); prefer login or the variable, options show in ps')
      .option('--account-id <id>', 'account id (a UUID), sent as x-service-account (env STATUSCTL_ACCOUNT_ID)')
      .option('--profile <name>', 'named settings in the config file (env STATUSCTL_PROFILE)')
      .addOption(
        choiceOption(
          '-o, --output <format>',
          'output format: table (aligned on a terminal, tab-separated when piped), json, md (Markdown)',
          ['table', 'json', 'md'] as const,
          (value) => value.toLowerCase(),
        ).default('table' as const),
      )
      .option('--json', "same as -o json: the API's own JSON, stable for scripts")
      .option('--jq <expression>', 'filter the JSON output with jq (implies --json); strings print raw, as with jq -r')
      .option('--no-color', 'no colors (also NO_COLOR=1; FORCE_COLOR=1 forces them)')
      .option('--no-pager', 'never page long output (also STATUSCTL_PAGER= ; the pager: STATUSCTL_PAGER, PAGER, else less -FRX)')
      .option('--wide', 'tables on a terminal show every column in full (else they fit its width, wrapping long text)')
      .option('--utc', 'show times on a terminal in UTC instead of the local zone (TZ); piped output and JSON are always UTC')
      .option('--verbose', 'each HTTP request and response status on stderr (key masked), error details')
      .option('--timeout <seconds>', 'per request timeout', positiveNumber, 30)
      .option(
        '--proxy <url>',
        'forward proxy, http://[USER:PASSWORD@]host:port or socks5://... (env HTTPS_PROXY, HTTP_PROXY, ALL_PROXY; NO_PROXY)',
      )
      .option('--ca-file <file>', 'PEM certificates of authorities to trust besides the default ones (also NODE_EXTRA_CA_CERTS)')
      .option('--system-ca', "also trust the operating system's certificate store")
      // Each command's help also lists the options it inherits (-o, --json, --profile...), as gh does.
      .configureHelp({
        showGlobalOptions: true,
        // Command lists and usage lines name each command once; its aliases (gh's words,
        // program.ts) get a line of their own at the end of its help.
        subcommandTerm(command) {
          return withoutAlias(Help.prototype.subcommandTerm.call(this, command), command);
        },
        commandUsage(command) {
          return withoutAlias(Help.prototype.commandUsage.call(this, command), command);
        },
      })
      .helpCommand('help [command...]', 'the help of a command: statusctl help incidents create')
      .showSuggestionAfterError()
      .exitOverride()
  );
}

/** commander writes `name|alias` where a command has an alias: the name alone. */
function withoutAlias(term: string, command: { name(): string; aliases(): string[] }): string {
  const alias = command.aliases()[0];
  return alias ? term.replace(`${command.name()}|${alias}`, command.name()) : term;
}

/** The root command, as each command module receives it to declare its commands on. */
export type Program = ReturnType<typeof declareProgram>;
/** The global options as parsed: what every command's optsWithGlobals() includes. */
export type GlobalOptions = ReturnType<Program['opts']>;
/** A noun's command (`incidents`, `error-groups`...), as each verb module receives it to declare itself on. */
export type Noun = Command<[], Record<never, never>, GlobalOptions>;
