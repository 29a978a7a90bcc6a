// One run of the CLI: parse the arguments, run the command, turn the outcome into an exit code.
// Streams, environment and clock are given (gh's iostreams/factory idea): the binary passes the
// process's own (main.ts), tests pass buffers and a config directory of their own and run the
// command in-process.
import { CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { attachRuntime, type Runtime } from './context.js';
import { ExitCode } from './exit-codes.js';
import { formatError, fromCommander } from './error-format.js';
import { describeFailure } from './failure.js';
import { buildProgram } from './program.js';

/** Runs `statusctl ...args` (the words after the program name) and returns its exit code. */
export async function run(args: string[], runtime: Runtime): Promise<ExitCode> {
  const { io } = runtime;
  const program = buildProgram(args);
  attachRuntime(program, runtime);
  const colors = () => !runtime.env.NO_COLOR;
  const output = {
    writeOut: (text: string) => io.stdout.write(text),
    writeErr: (text: string) => io.stderr.write(text),
    // Help wraps at the terminal's width, and at 80 columns off a terminal (commander's default).
    getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns) || 80,
    getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns) || 80,
    getOutHasColors: () => Boolean(io.stdout.isTTY) && colors(),
    getErrHasColors: () => Boolean(io.stderr.isTTY) && colors(),
  };
  // Every command prints its own errors and help, so each gets the run's streams; its usage
  // errors take our one form, with a hint naming its own help.
  (function configure(command: CommandUnknownOpts, path: string) {
    command.configureOutput({ ...output, outputError: (text, write) => write(fromCommander(text, path)) });
    for (const sub of command.commands) configure(sub, `${path} ${sub.name()}`);
  })(program, 'statusctl');
  try {
    await program.parseAsync(args, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    // commander has already printed its own message for parse errors, help and --version.
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const failure = describeFailure(error);
    io.stderr.write(formatError(failure));
    if (args.includes('--verbose') && failure.detail) io.stderr.write(`${failure.detail}\n`);
    return failure.exitCode;
  }
}
