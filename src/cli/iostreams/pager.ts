// Long output for people goes through a pager, as git and gh do: `$STATUSCTL_PAGER`, else
// `$PAGER`, else `less -FRX` (quit at once when it fits, keep colors, leave the text on screen).
// Only on a terminal, never with --no-pager, NO_COLOR or an empty STATUSCTL_PAGER/PAGER, and only
// when the text is taller than the terminal.
/** What paging needs of the terminal (IOStreams has it; named here so this module imports nothing back). */
interface Terminal {
  /** --no-pager was given. */
  readonly pagerDisabled: boolean;
  readonly stdout: { isTTY?: boolean; rows?: number };
  readonly env: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  info(text: string): void;
}

export const DEFAULT_PAGER = 'less -FRX';

/** The pager command for this run, or undefined when output is not to be paged. */
export function pagerCommand(terminal: Terminal): string | undefined {
  if (terminal.pagerDisabled || !terminal.stdout.isTTY || terminal.env.NO_COLOR) return undefined;
  const configured = terminal.env.STATUSCTL_PAGER ?? terminal.env.PAGER;
  if (configured !== undefined) return configured.trim() === '' ? undefined : configured;
  return DEFAULT_PAGER;
}

/** Whether `text` is taller than the terminal (rows unknown: never). */
export function isLong(terminal: Terminal, text: string): boolean {
  const rows = Number(terminal.env.LINES) || terminal.stdout.rows || 0;
  return rows > 0 && text.split('\n').length > rows;
}

/**
 * Writes `text` through the pager, run by the shell like git runs it (so `PAGER='less -S'` works),
 * and waits until it is closed. A pager that cannot be started leaves the text on stdout.
 */
export async function page(terminal: Terminal, command: string, text: string): Promise<void> {
  // Ctrl-C belongs to the pager (less uses it to stop a search); the CLI waits for the pager to end.
  const ignore = () => {};
  // Loaded here, by the one run in many that pages.
  const { spawn } = await import('node:child_process');
  process.on('SIGINT', ignore);
  try {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(command, {
        shell: true,
        stdio: ['pipe', 'inherit', 'inherit'],
        env: { ...terminal.env, LESS: terminal.env.LESS ?? 'FRX' },
      });
      child.on('error', () => resolve(127));
      child.on('close', (exitCode) => resolve(exitCode));
      // The reader may quit before reading it all (q in less): not a failure.
      child.stdin.on('error', () => {});
      child.stdin.end(text.endsWith('\n') ? text : `${text}\n`);
    });
    if (code === 127) {
      terminal.info(`statusctl: the pager '${command}' could not be started; set STATUSCTL_PAGER or PAGER, or pass --no-pager`);
      terminal.out(text);
    }
  } finally {
    process.off('SIGINT', ignore);
  }
}
