// IOStreams over buffers, as gh's iostreams.Test(): what a unit test gives an output helper or a
// command's parts instead of a process's streams. Each stream says whether it is a terminal as
// the test asks, and keeps what was written to it.
import { Readable, Writable } from 'node:stream';
import { Chalk } from 'chalk';
import { type Env, type InputStream, IOStreams, type OutputStream, type TerminalOptions } from './iostreams.js';

export interface TestStreamsOptions extends TerminalOptions {
  /** Which streams are terminals (none unless named). */
  stdinTTY?: boolean;
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** The terminal's size and color depth, when stdout is one. */
  columns?: number;
  rows?: number;
  colorDepth?: number;
  /** What stdin holds. */
  input?: string;
  env?: Env;
}

export interface TestStreams {
  io: IOStreams;
  /** What was written to stdout and to stderr so far. */
  stdout(): string;
  stderr(): string;
}

function buffer(tty: boolean, size: Pick<TestStreamsOptions, 'columns' | 'rows' | 'colorDepth'> = {}) {
  let text = '';
  const stream: OutputStream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  if (tty) {
    Object.assign(stream, { isTTY: true, columns: size.columns, rows: size.rows });
    if (size.colorDepth !== undefined) stream.getColorDepth = () => size.colorDepth!;
  }
  return { stream, text: () => text };
}

export function testStreams(options: TestStreamsOptions = {}): TestStreams {
  const stdout = buffer(options.stdoutTTY === true, options);
  const stderr = buffer(options.stderrTTY === true);
  const stdin: InputStream = Readable.from([options.input ?? '']);
  if (options.stdinTTY) stdin.isTTY = true;
  const io = new IOStreams({ stdout: stdout.stream, stderr: stderr.stream, stdin }, options.env ?? {}, options, Chalk);
  return { io, stdout: stdout.text, stderr: stderr.text };
}
