// What the output helpers need of a run: its terminal (colors, width, streams), its clock and the
// display options of the command line. A command's context has all three and is passed as it
// is; the helpers ask for no more, so output/ needs nothing of the command context.
import type { IOStreams } from '../iostreams/iostreams.js';

/** The global options that change how output looks. */
export interface DisplayOptions {
  output?: string;
  utc?: boolean;
  /** Tables with every column in full on a terminal, however wide. */
  wide?: boolean;
}

export interface View {
  readonly io: IOStreams;
  /** The clock relative times are shown against ("3 hours ago"). */
  readonly now: () => number;
  readonly globals: DisplayOptions;
}
