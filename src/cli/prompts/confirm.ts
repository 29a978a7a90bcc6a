// Before a delete, the same for every command that removes something: --yes deletes without a
// question; on a terminal the command shows what goes and asks (default no); off a terminal
// nothing is asked, so a delete without --yes is a usage error naming --yes, raised before any
// request. --dry-run never needs either: it shows what would go and sends nothing.
import { Option } from '@commander-js/extra-typings';
import type { Context } from '../runtime/context.js';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { terminalLine, terminalText } from '../output/terminal-text.js';

/** What the confirmation looks at of a command's options. */
export interface ConfirmOptions {
  yes?: boolean | undefined;
  dryRun?: boolean | undefined;
}

/** `-y, --yes`, as every deleting command declares it. */
export function yesOption() {
  return new Option('-y, --yes', 'delete without asking (required when not on a terminal)');
}

/**
 * Call first, before any request: off a terminal, a delete without --yes (and not a dry run)
 * is exit 2 naming --yes. `what` names what would be deleted (`incident ID`, `3 subscriptions`).
 */
export function requireYes(ctx: Context, options: ConfirmOptions, what: string): void {
  if (options.yes || options.dryRun || ctx.interactive) return;
  throw usageError(
    `deleting ${what} needs --yes when not on a terminal (nothing is asked there); nothing was deleted`,
    'add --yes to delete without a question, or --dry-run to see what would be deleted',
  );
}

/**
 * Call when what goes is known, before the delete is sent: with --yes (or a dry run), nothing to
 * do; on a terminal, prints `shown` on stderr and asks `question` (default no). Declined, or
 * Ctrl-C: exit 2, "cancelled", nothing deleted.
 */
export async function confirmDelete(ctx: Context, options: ConfirmOptions, question: string, shown: readonly string[]): Promise<void> {
  if (options.yes || options.dryRun) return;
  if (!ctx.interactive) throw usageError('not on a terminal: --yes is required to delete; nothing was deleted');
  // What is shown names the server's records (a page, an incident): nothing in it steers the terminal.
  ctx.info(terminalText(shown.join('\n')));
  const { askYesNo } = await import('./index.js');
  if (!(await askYesNo({ message: terminalLine(question), default: false, io: ctx.io }))) {
    throw new CliError(ExitCode.usage, 'cancelled: nothing was deleted');
  }
}
