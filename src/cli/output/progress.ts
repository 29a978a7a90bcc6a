// Progress for a long wait, always on stderr so stdout stays the result. On a terminal a
// spinner (yocto-spinner); elsewhere (CI, pipes, NO_COLOR) one plain line at
// most every few seconds, so logs show the wait without being flooded. A progress text may name
// what the server said (an id, a name): it is one line, nothing in it steering the terminal.
import { WriteStream } from 'node:tty';
import type { View } from './view.js';
import { terminalLine } from './terminal-text.js';
import { cellWidth } from './wrap.js';

export interface Progress {
  update(text: string): void;
  /** Ends the progress display; a final line is printed when given. */
  stop(finalText?: string): void;
}

const PLAIN_INTERVAL_MS = 5000;

/**
 * The spinner's text cut to one row of the terminal, with room after it for the frame before it
 * and the `^C` the terminal echoes on Ctrl-C: an echo that wrapped would put the cursor on the
 * next row, and clearing "the spinner's line" would then leave the spinner on screen.
 */
function fitted(text: string, stream: WriteStream): string {
  const room = Math.max((stream.columns || 80) - '⠋ '.length - '^C'.length, 1);
  if (cellWidth(text) <= room) return text;
  let cut = '';
  for (const char of text) {
    if (cellWidth(`${cut}${char}…`) > room) break;
    cut += char;
  }
  return `${cut}…`;
}

export async function startProgress(ctx: Pick<View, 'io' | 'now'>, given: string): Promise<Progress> {
  const text = terminalLine(given);
  const stream = ctx.io.stderr;
  // A spinner needs a real terminal to redraw on; showProgress already asks for one.
  if (ctx.io.showProgress && stream instanceof WriteStream) {
    // The spinner must not exit the process on SIGINT by itself: the command's own handling
    // (and exit codes) stay in charge, the spinner is only cleared.
    // Loaded here, on a terminal only: the spinner lives in a chunk of its own, with its colors.
    const { default: yoctoSpinner } = await import('yocto-spinner');
    const spinner = yoctoSpinner({ text: fitted(text, stream), stream, handleSignals: false });
    const clear = () => spinner.stop();
    process.once('exit', clear);
    // Ctrl-C: the spinner's line is erased before anything else is said. A command that handles
    // SIGINT itself (it has a listener besides this one) goes on; otherwise the run ends as
    // interrupted, as it would have without a listener, but without the spinner left on screen.
    const onSigint = () => {
      clear();
      if (process.listenerCount('SIGINT') <= 1) process.exit(130);
    };
    // Listening before the first frame is drawn: a Ctrl-C that answers the spinner's first line
    // then finds a listener instead of the default action, which ends the process at once.
    process.on('SIGINT', onSigint);
    spinner.start();
    return {
      update(next) {
        spinner.text = fitted(terminalLine(next), stream);
      },
      stop(finalText) {
        process.off('exit', clear);
        process.off('SIGINT', onSigint);
        if (finalText) spinner.success(terminalLine(finalText));
        else spinner.stop();
      },
    };
  }
  ctx.io.info(text);
  let lastPrinted = ctx.now();
  return {
    update(next) {
      if (ctx.now() - lastPrinted < PLAIN_INTERVAL_MS) return;
      lastPrinted = ctx.now();
      ctx.io.info(terminalLine(next));
    },
    stop(finalText) {
      if (finalText) ctx.io.info(terminalLine(finalText));
    },
  };
}
