// `--web` and `status-pages open`: the address always goes to stdout (scripts and people over
// SSH copy it from there); the default browser is opened only when a person sits at a desktop
// terminal. Never when stdout is piped, in CI, or over SSH without a display; `BROWSER`, as for
// gh, names the command to open it with instead of the system's default.
import { spawn } from 'node:child_process';
import type { IOStreams } from '../iostreams/iostreams.js';
import { terminalLine } from './terminal-text.js';

/** Why no browser is opened, or undefined when one may be. */
export function noBrowserReason(io: Pick<IOStreams, 'env' | 'stdout'>, platform: NodeJS.Platform = process.platform): string | undefined {
  const { env } = io;
  if (!io.stdout.isTTY) return 'stdout is not a terminal';
  if (env.CI) return 'running in CI';
  const display = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  if ((env.SSH_CONNECTION || env.SSH_CLIENT || env.SSH_TTY) && !display) return 'an SSH session without a display';
  if (env.BROWSER) return undefined;
  if (platform !== 'darwin' && platform !== 'win32' && !display) return 'no graphical display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return undefined;
}

/** Prints the address, then opens it on a desktop terminal. */
export async function showAddress({ io }: { io: IOStreams }, address: string): Promise<void> {
  // The address is made of the server's fields (a custom domain): shown, nothing in it steers the terminal.
  const shown = terminalLine(address);
  io.out(shown);
  const reason = noBrowserReason(io);
  if (reason) {
    // Only a person at a terminal wants to know why nothing opened; a pipe just gets the address.
    if (io.stdout.isTTY) io.info(`not opening a browser: ${reason}`);
    return;
  }
  try {
    if (io.env.BROWSER) {
      const child = spawn(io.env.BROWSER, [address], { detached: true, stdio: 'ignore' });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      child.unref();
    } else {
      const { default: open } = await import('open');
      await open(address);
    }
    io.info(`opening ${shown} in the default browser`);
  } catch (error) {
    io.info(`could not open a browser (${error instanceof Error ? error.message : String(error)}); the address is above`);
  }
}
