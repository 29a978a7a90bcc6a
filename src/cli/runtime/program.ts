// The program: global options and the command declarations. A run declares the one top-level
// command its arguments name, loading that command's modules only, and tells it the word after it
// (the verb), which a noun may use to declare that verb alone; the whole tree is declared
// where it is read as a whole (help of the program, completion scripts, an unknown command's
// closest names). Each command imports what it needs (client, prompts, tables, server) when it
// runs.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { declareProgram, type Program } from './globals.js';
import { docsPageOf, PROGRAM_DOCS } from './docs-pages.js';

/**
 * A module declaring top-level commands on the program. `verbs` are the names the run's verb may
 * stand for (the word typed, then the verbs it is gh's word for); a noun declares the first of
 * them it has alone (declareVerbs in command-kit.ts), and all its verbs when it has none of them.
 * `command` is the top-level word the run names, for a module that declares more than one
 * command; without it, the module declares all of them.
 */
interface CommandModule {
  register(program: Program, verbs?: readonly string[], command?: string): void | Promise<void>;
}

/** A noun of the table in commands/nouns.ts: its module is the table, which declares it. */
function noun(name: string): () => Promise<CommandModule> {
  return async () => {
    const { declareNoun } = await import('../commands/nouns.js');
    return { register: (program, verbs, command) => declareNoun(program, name, verbs, command) };
  };
}

const auth = noun('auth');
const completion = () => import('../commands/completion.js');

/** Which module declares each top-level command, in the order of the program's help. */
const COMMAND_MODULES: Readonly<Record<string, () => Promise<CommandModule>>> = {
  login: auth,
  logout: auth,
  config: noun('config'),
  status: () => import('../commands/status.js'),
  'status-pages': noun('status-pages'),
  components: noun('components'),
  'automation-rules': noun('automation-rules'),
  services: noun('services'),
  subscriptions: noun('subscriptions'),
  incidents: noun('incidents'),
  templates: noun('templates'),
  'incident-updates': noun('incident-updates'),
  notifications: noun('notifications'),
  rca: noun('rca'),
  'error-groups': noun('error-groups'),
  heartbeats: noun('heartbeats'),
  checks: noun('checks'),
  'test-sessions': noun('test-sessions'),
  runtimes: noun('runtimes'),
  maintenance: noun('maintenance'),
  'maintenance-updates': noun('maintenance-updates'),
  server: () => import('../commands/server.js'),
  demo: () => import('../commands/demo.js'),
  completion,
  mcp: () => import('../commands/mcp.js'),
  whoami: () => import('../commands/whoami.js'),
  auth,
  api: () => import('../commands/api.js'),
  version: () => import('../commands/version.js'),
};

/** Nouns that answer to a shorter word of their own too (besides gh's singular): the word, the noun. */
const NOUN_ALIASES: Readonly<Record<string, string>> = { rules: 'automation-rules' };

/** Hidden commands, declared by the module of a command above. */
const HIDDEN_COMMANDS: Readonly<Record<string, () => Promise<CommandModule>>> = { __complete: completion };

/** Commands that read the whole tree: the completion scripts are written from it. */
const WHOLE_TREE = new Set(['completion']);

/**
 * The program for a run: `args` (the words after the program name) decide which top-level
 * command is declared; without them, or when they name none, every command is.
 */
export async function buildProgram(args?: readonly string[], wholeNoun = false): Promise<Program> {
  const program = declareRoot();
  const at = args ? commandIndex(args, program) : -1;
  const word = at < 0 ? undefined : args![at]!;
  const all = [...new Set(Object.values(COMMAND_MODULES))];
  const load = word === undefined || WHOLE_TREE.has(word) ? undefined : moduleOf(word);
  const modules = !args ? all : load ? [load] : word === undefined && asksVersionOnly(args) ? [] : all;
  const verbAt = load && !wholeNoun ? commandIndex(args!.slice(at + 1), program) : -1;
  const verb = verbAt < 0 ? undefined : args![at + 1 + verbAt]!;
  const verbs = verb === undefined ? [] : [verb, ...Object.keys(VERB_ALIASES).filter((name) => VERB_ALIASES[name] === verb)];
  for (const module of await Promise.all(modules.map((loadModule) => loadModule())))
    await module.register(program, verbs, load ? word : undefined);
  finishTree(program);
  // A word taken for an alias that the rule did not give (a sibling answers to it): the whole
  // tree says what the word is; the same for a verb among the noun's verbs, or a word that is no
  // verb (`help`, a typo), which the whole noun answers.
  const command = load && program.commands.find((declared) => answersTo(declared, word!));
  if (load && !command) return buildProgram();
  if (command && verb !== undefined && !command.commands.some((declared) => answersTo(declared, verb))) return buildProgram(args, true);
  // The words that named what this run declares: bin/statusctl names its code cache after them.
  Object.assign(globalThis, { statusctlCommandWords: command ? [word, verb].filter((named) => named !== undefined) : [] });
  return program;
}

export function answersTo(command: CommandUnknownOpts, word: string): boolean {
  return command.name() === word || command.aliases().includes(word);
}

/**
 * Where in `args` the first word is that is neither a global option nor its value (`-o json
 * runtimes list`: 2, runtimes). Help, `--` or an option the program does not know before it: -1,
 * as the program itself answers those (its help, or an error).
 */
export function commandIndex(args: readonly string[], program: Program): number {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-') || arg === '-') return i;
    const flag = arg.startsWith('--') ? arg.split('=')[0] : arg.slice(0, 2);
    const option = program.options.find((known) => known.long === flag || known.short === flag);
    if (!option) return -1;
    // `-o json`, not `-ojson` or `--output=json`: the next word is the value.
    if (arg === flag && (option.required || (option.optional && !args[i + 1]?.startsWith('-')))) i++;
  }
  return -1;
}

/** The module declaring `word`: a command's name, a hidden command, or the singular of a noun (gh's words, below). */
function moduleOf(word: string): (() => Promise<CommandModule>) | undefined {
  if (Object.hasOwn(COMMAND_MODULES, word)) return COMMAND_MODULES[word];
  if (Object.hasOwn(NOUN_ALIASES, word)) return COMMAND_MODULES[NOUN_ALIASES[word]!];
  if (Object.hasOwn(HIDDEN_COMMANDS, word)) return HIDDEN_COMMANDS[word];
  const plural = Object.keys(COMMAND_MODULES).find((name) => name !== word && singular(name) === word);
  return plural === undefined ? undefined : COMMAND_MODULES[plural];
}

/** `statusctl --version` (no command, no help asked): the program alone answers. */
function asksVersionOnly(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--version' || arg === '-V') && !args.some((arg) => arg === '--help' || arg === '-h');
}

/** The program with its help; no command yet. */
function declareRoot(): Program {
  const program = declareProgram();
  program.addHelpText(
    'after',
    `
Getting started (no account needed: the reference server serves the whole API with demo data;
the heartbeat check and error group ids below are the demo data's):
  $ statusctl server --port 4010 &                  # prints the account id and key it accepts
  $ statusctl login --base-url http://127.0.0.1:4010
  $ statusctl whoami                                # the credentials in use and whether they work
  $ statusctl status-pages list                     # the pages and services to declare incidents on
  $ statusctl incidents create --name 'Checkout errors' --severity major --service 'Payments API' --yes
  $ statusctl incidents create --name 'Payments down' --severity critical --status-page 'Acme Payments' --dry-run
  $ statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message 'Rolled back' --status monitoring
  $ statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd
  $ statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --wait
  $ statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1
  $ statusctl error-groups archive - --dry-run < ids.txt   # many ids from stdin; --dry-run sends nothing
  $ statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --fail-under 99
  $ statusctl runtimes list
  $ statusctl demo                                  # all of the above, run for you

Exit codes: 0 ok, 1 API or network failure, 2 usage, 3 auth (no key, 401, 403), 4 not found,
5 threshold not met (--fail-under, --exit-status). Each command's --help has examples.
`,
  );
  return program;
}

/**
 * What every declared command gets, by rule over the tree: exit handling, gh's words, a summary,
 * and its help's last line: the docs page covering it (docs-pages.ts).
 */
function finishTree(program: Program): void {
  for (const [alias, name] of Object.entries(NOUN_ALIASES)) {
    const command = program.commands.find((declared) => declared.name() === name);
    if (command && !command.aliases().includes(alias)) command.alias(alias).addHelpText('after', `Alias: ${alias}`);
  }
  program.commands.forEach(function finish(command: CommandUnknownOpts) {
    command.exitOverride();
    addGhWords(command);
    // Command lists show the first paragraph; the whole description stays in the command's own help.
    if (!command.summary()) command.summary(command.description().split('\n\n')[0]!);
    command.commands.forEach(finish);
    command.addHelpText('after', docsLine(docsPageOf(pathOf(command))));
  });
  program.addHelpText('after', docsLine(PROGRAM_DOCS));
}

const docsLine = (page: string) => `\nDocs: ${page}`;

/** `['incidents', 'watch']`: the names from the program down to `command`. */
function pathOf(command: CommandUnknownOpts): string[] {
  return command.parent ? [...pathOf(command.parent), command.name()] : [];
}

/** gh's verbs for ours: `view` where there is `get`, `ls` where there is `list`, `close` for `resolve`, `rm` for `delete`. */
const VERB_ALIASES: Readonly<Record<string, string>> = { get: 'view', list: 'ls', resolve: 'close', delete: 'rm' };

/**
 * gh's words as aliases, by rule over the tree once every command is declared, so a verb or
 * noun added later gets them with no line of its own: `view`, `ls`, `close` and `rm` for `get`,
 * `list`, `resolve` and `delete`, and the singular of a plural noun (a top-level command with verbs: `incident`,
 * `status-page`). An alias a sibling already answers to is not added. Aliases parse and take
 * `help` like the names; help and completion list the names only once, and the command's help
 * ends with its alias.
 */
export function addGhWords(command: CommandUnknownOpts): void {
  const parent = command.parent;
  if (!parent) return;
  const isNoun = parent.parent === null && command.commands.length > 0;
  const alias = isNoun ? singular(command.name()) : VERB_ALIASES[command.name()];
  if (alias === undefined || alias === command.name()) return;
  const taken = parent.commands.some((sibling) => sibling.name() === alias || sibling.aliases().includes(alias));
  if (taken) return;
  command.alias(alias);
  command.addHelpText('after', `Alias: ${alias}`);
}

/** `incidents` -> `incident`, `status-pages` -> `status-page`, `policies` -> `policy`; a word that is not a plural stays. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/[^su]s$/.test(name)) return name.slice(0, -1);
  return name;
}
