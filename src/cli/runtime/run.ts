// One run of the CLI: parse the arguments, run the command, turn the outcome into an exit code.
// Streams, environment and clock are given (gh's iostreams/factory idea): the binary passes the
// process's own (main.ts), tests pass buffers and a config directory of their own and run the
// command in-process.
import { CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { attachRuntime, type Runtime } from './context.js';
import { settingsOf } from './factory.js';
import { colorLevel, loadColors, type OutputStream } from '../iostreams/iostreams.js';
import { ExitCode, usageError } from '../errors/exit-codes.js';
import { formatError, fromCommander } from '../errors/error-format.js';
import { describeFailure } from '../errors/failure.js';
import { answersTo, buildProgram, commandIndex } from './program.js';
import type { Program } from './globals.js';
import { didYouMean } from '../errors/suggest.js';

/** Runs `statusctl ...args` (the words after the program name) and returns its exit code. */
export async function run(given: string[], runtime: Runtime): Promise<ExitCode> {
  // Over is over: a wait still going (the client's, for a command ended by Ctrl-C) ends with the
  // run instead of holding the process. The controller is made when a wait first asks for the
  // signal: most runs never wait, and making and aborting one costs every start that pays it.
  let over: AbortController | undefined;
  try {
    return await runCommand(given, {
      ...runtime,
      get signal() {
        over ??= new AbortController();
        return over.signal;
      },
    });
  } finally {
    over?.abort();
  }
}

async function runCommand(given: string[], runtime: Runtime): Promise<ExitCode> {
  const { io } = runtime;
  const program = await buildProgram(given);
  let args = given;
  attachRuntime(program, runtime);
  if (colorLevel(io.stdout, runtime.env, false) > 0) await loadColors();
  // Help and commander's messages follow the colors rule of every output (iostreams/iostreams.ts).
  const colors = (stream: OutputStream) => colorLevel(stream, runtime.env, given.includes('--no-color')) > 0;
  const output = {
    writeOut: (text: string) => io.stdout.write(text),
    writeErr: (text: string) => io.stderr.write(text),
    // Help wraps at the terminal's width, and at 80 columns off a terminal (commander's default).
    getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns) || 80,
    getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns) || 80,
    getOutHasColors: () => colors(io.stdout),
    getErrHasColors: () => colors(io.stderr),
  };
  // Every command prints its own errors and help, so each gets the run's streams; its usage
  // errors take our one form, with a hint naming its own help.
  (function configure(command: CommandUnknownOpts, path: string) {
    command.configureOutput({
      ...output,
      outputError: (text, write) => write(fromCommander(namesOverAliases(text, command), path, jsonFieldsHint(text, args, path))),
    });
    for (const sub of command.commands) configure(sub, `${path} ${sub.name()}`);
  })(program, 'statusctl');
  try {
    // Bare `statusctl` asks for nothing wrong: gh's answer, the help on stdout and exit 0.
    args = given.length === 0 ? ['--help'] : unknownCommandOverHelp(helpAsOption(given, program), program);
    await program.parseAsync(args, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    // commander has already printed its own message for parse errors, help and --version.
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const failure = describeFailure(error, settingsOf(runtime));
    io.stderr.write(formatError(failure));
    if (args.includes('--verbose') && failure.detail) io.stderr.write(`${failure.detail}\n`);
    return failure.exitCode;
  }
}

/**
 * `statusctl help incidents create` is `statusctl incidents create --help`: commander's own help
 * command looks at one word only, and would show the help of `incidents`. A word that names no
 * command is a usage error with the closest names, as an unknown command is (commander would
 * show the help of the command above it, and exit 0).
 */
function helpAsOption(args: string[], program: CommandUnknownOpts): string[] {
  const at = args.findIndex((arg) => !arg.startsWith('-'));
  if (at < 0 || args[at] !== 'help') return args;
  const rest = args.slice(at + 1);
  let command = program;
  const path = ['statusctl'];
  for (const word of rest.filter((arg) => !arg.startsWith('-'))) {
    // Below a command without subcommands, words are its arguments; `help help` is the root's help.
    if (command.commands.length === 0 || (command === program && word === 'help')) break;
    const next = command.commands.find((child) => child.name() === word || child.aliases().includes(word));
    if (!next) {
      const visible = command
        .createHelp()
        .visibleCommands(command)
        .filter((child) => child.name() !== 'help');
      const names = visible.map((child) => child.name());
      // Names first; only when none is close, an alias (gh's `view`, `ls`). The list names each command once.
      const nearest =
        didYouMean(word, names) ||
        didYouMean(
          word,
          visible.flatMap((child) => child.aliases()),
        );
      throw usageError(
        `help: unknown command '${[...path.slice(1), word].join(' ')}'${nearest}`,
        `the commands of ${path.join(' ')}: ${names.join(', ')}`,
      );
    }
    command = next;
    path.push(word);
  }
  return [...args.slice(0, at), ...rest, '--help'];
}

/**
 * `statusctl incidents nope --help`: commander answers a help flag before it looks at the words,
 * and would show the help of `incidents` (exit 0). A word that names no command where a command
 * is expected is a usage error with or without the flag: the flag is dropped, so commander
 * refuses the word as it does without it (exit 2, with the closest names).
 */
function unknownCommandOverHelp(args: string[], program: Program): string[] {
  const isHelp = (arg: string) => arg === '--help' || arg === '-h';
  if (!args.some(isHelp)) return args;
  const words = args.filter((arg) => !isHelp(arg));
  let command: CommandUnknownOpts = program;
  let rest = words;
  while (command.commands.length > 0) {
    const at = commandIndex(rest, program);
    if (at < 0) return args;
    const word = rest[at]!;
    const next = command.commands.find((child) => answersTo(child, word));
    // `incidents help list` is commander's help command, which answers its own unknown words.
    if (!next) return word === 'help' ? args : words;
    command = next;
    rest = rest.slice(at + 1);
  }
  return args;
}

/**
 * Commander suggests an alias beside its command's name (`lst`: "one of list, ls"): the alias
 * goes where the name is suggested too, so each command is offered once (`veiw` still gets `view`).
 */
function namesOverAliases(text: string, command: CommandUnknownOpts): string {
  return text.replace(/\(Did you mean (?:one of )?([^?]+)\?\)/, (whole, list: string) => {
    const words = list.split(', ');
    const kept = words.filter((word) => {
      const aliased = command.commands.find((child) => child.aliases().includes(word));
      return !aliased || !words.includes(aliased.name());
    });
    return kept.length === words.length ? whole : `(Did you mean ${kept.length > 1 ? 'one of ' : ''}${kept.join(', ')}?)`;
  });
}

/**
 * gh's habit `--json id,name` (a field list after --json) reaches commander as one argument too
 * many: the hint names --jq, which picks fields here.
 */
function jsonFieldsHint(text: string, args: string[], path: string): string | undefined {
  if (!/too many arguments/.test(text)) return undefined;
  const at = args.indexOf('--json');
  const fields = at >= 0 ? args[at + 1] : undefined;
  if (!fields || fields.startsWith('-') || !/^[A-Za-z_][\w]*(,[A-Za-z_][\w]*)*$/.test(fields)) return undefined;
  const picked = `{${fields.split(',').join(', ')}}`;
  const filter = / list$/.test(path) ? `.entries[] | ${picked}` : picked;
  return `--json takes no field list here; pick fields with --jq, e.g. ${path} --jq '${filter}'`;
}
