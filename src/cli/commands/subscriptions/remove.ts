// `subscriptions remove`: unsubscribe from a status page, by subscription id or by address. The
// page's subscriptions are read once to find each one; on a terminal the command shows who goes
// and asks, off a terminal it needs --yes (src/cli/prompts/confirm.ts). One line per subscriber given,
// whatever their number (src/cli/api/bulk.ts): the subscription id, `removed`, the address.
import type { Subscription } from '../../../contract/schemas.js';
import { nothingToDo, runBulk } from '../../api/bulk.js';
import { examples } from '../../runtime/command-kit.js';
import { bulkOptions } from '../../verbs/write.js';
import { confirmDelete, requireYes, yesOption } from '../../prompts/confirm.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { expandIds } from '../../input/read.js';
import { isNotFound } from '../../errors/not-found.js';
import { PAGE_HELP, resolvePage } from './list.js';
import { valueKinds } from '../../completion/value-kinds.js';

export interface RemoveOptions {
  yes?: boolean;
  dryRun?: boolean;
  concurrency: number;
  maxWait: number;
}

export function declare(subscriptions: Noun): void {
  examples(
    bulkOptions(
      subscriptions
        .command('remove')
        .description(
          'Unsubscribe from a status page: each SUBSCRIBER is a subscription id or an email address (any case), or - to ' +
            'read them from stdin (one per line; blank lines and # comments skipped).\n\n' +
            'On a terminal it shows who goes and asks (default no); not on a terminal it needs --yes (exit 2 without ' +
            'it, nothing removed); --dry-run shows the requests and sends nothing.\n\n' +
            'One line per subscriber, in the order given, tab-separated: the subscription id, the outcome (removed, ' +
            'not-found, ...) and the address; -o json gives an array of {id, ok, status, error, address}, the same for ' +
            'one as for many. The exit code is that of the worst outcome (4 when some are not subscribed).',
        )
        .argument('<page>', PAGE_HELP)
        .argument('<subscriber...>', 'subscription ids or email addresses, or - to read them from stdin')
        .addOption(yesOption()),
      { dryRun: 'print the requests (method, path) instead of sending them', several: 'subscribers', one: 'that one' },
    ).action((page, subscribers, options, command) => run(Context.fromCommand(command), page, subscribers, options)),
    [
      'statusctl subscriptions remove acme-cloud support-leads@acme-cloud.io --dry-run',
      'statusctl subscriptions add acme-cloud leaver@example.com && statusctl subscriptions remove acme-cloud leaver@example.com --yes',
      "statusctl subscriptions list 'Acme Payments' | awk -F'\\t' '$3 == \"PENDING\" { print $1 }' | statusctl subscriptions remove 'Acme Payments' - --yes",
    ],
  );
  valueKinds(subscriptions, 'remove', { page: 'status-page' });
}

export async function run(ctx: Context, given: string, args: string[], options: RemoveOptions): Promise<void> {
  const wanted = [...new Set(await expandIds(ctx, args))];
  if (wanted.length === 0) return nothingToDo(ctx);
  requireYes(ctx, options, `${wanted.length === 1 ? 'a subscriber' : `${wanted.length} subscribers`} of status page ${given}`);
  const page = await resolvePage(ctx, given);
  const client = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
  const subscriptions = await client.listSubscriptions({ params: { statusPageId: page.id } });
  const found = new Map(wanted.map((value) => [value, find(subscriptions, value)] as const));
  const known = [...found.values()].filter((subscription): subscription is Subscription => subscription !== undefined);

  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    const planned = await Promise.all(
      known.map((subscription) =>
        planRequest('deleteSubscription', { params: { statusPageId: page.id, subscriptionId: subscription.id } }),
      ),
    );
    await printPlanned(ctx, planned);
    const missing = wanted.filter((value) => !found.get(value));
    if (missing.length > 0) throw notSubscribed(missing, page.name);
    return;
  }

  if (known.length > 0) {
    await confirmDelete(
      ctx,
      options,
      `Remove ${known.length === 1 ? 'this subscriber' : `these ${known.length} subscribers`} from ${page.name}?`,
      [
        `From status page ${page.name}:`,
        ...known.map((subscription) => `  ${subscription.address} (${subscription.status}, id ${subscription.id})`),
      ],
    );
  }
  await runBulk(
    ctx,
    wanted,
    options.concurrency,
    async (value, wholeId) => {
      const subscription = found.get(value);
      if (!subscription) throw notSubscribed([value], page.name);
      wholeId(subscription.id);
      const fields = { address: subscription.address };
      try {
        const { status } = await client.call('deleteSubscription', { params: { statusPageId: page.id, subscriptionId: subscription.id } });
        return { outcome: 'removed', status, reason: subscription.address, fields };
      } catch (error) {
        // Listed a moment ago and gone now (another run, or this one's lost answer): removed all the same.
        if (isNotFound(error)) return { outcome: 'removed', status: 404, reason: `${subscription.address} (already gone)`, fields };
        throw error;
      }
    },
    { address: null },
  );
}

/** The subscription `value` names: its id, or its address in any case. */
function find(subscriptions: readonly Subscription[], value: string): Subscription | undefined {
  const wanted = value.trim();
  return (
    subscriptions.find((subscription) => subscription.id === wanted) ??
    subscriptions.find((subscription) => subscription.address.toLowerCase() === wanted.toLowerCase())
  );
}

function notSubscribed(values: readonly string[], pageName: string): CliError {
  return new CliError(
    ExitCode.notFound,
    `${values.map((value) => `"${value}"`).join(', ')}: not ${values.length === 1 ? 'a subscriber' : 'subscribers'} of status page ${pageName}`,
    undefined,
    `see who is: statusctl subscriptions list '${pageName}'`,
  );
}
