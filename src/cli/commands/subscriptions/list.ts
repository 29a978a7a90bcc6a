// `subscriptions list`: a status page's subscribers, newest first: who is notified when an update
// is posted with --notify (VERIFIED ones; PENDING ones have not confirmed their address yet).
// Finding the page (id, url, domain or name) is here, for add and remove too.
import type { Subscription } from '../../../contract/schemas.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderTable, timeCell } from '../../output/cells.js';
import { pageArgument } from '../../api/service-catalog.js';
import { MIN_PREFIX } from '../../api/short-ids.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { terminalLine } from '../../output/terminal-text.js';

export const PAGE_HELP = `id (or its first ${MIN_PREFIX} or more characters), url, custom domain or name of the status page`;

export function declare(subscriptions: Noun): void {
  examples(
    subscriptions
      .command('list')
      .description(
        "A status page's subscribers, newest first: each address with its status (VERIFIED ones are notified when an " +
          'update is posted with --notify; PENDING ones have not confirmed their address).\n\n' +
          'PAGE is its id (or a unique start of it), url (slug), custom domain or name (any case); one that matches none is exit 4. Piped: ID, ADDRESS, STATUS, CREATED, ' +
          'tab-separated. With -o json: the API response as it is (an array).',
      )
      .argument('<page>', PAGE_HELP)
      .action((page, _options, command) => run(Context.fromCommand(command), page)),
    [
      'statusctl subscriptions list acme-cloud',
      "statusctl subscriptions list 'Acme Payments' -o json",
      "statusctl subscriptions list acme-cloud | awk -F'\\t' '$3 == \"VERIFIED\" { print $2 }'",
    ],
  );
  valueKinds(subscriptions, 'list', { page: 'status-page' });
}

export async function run(ctx: Context, given: string): Promise<void> {
  const page = await resolvePage(ctx, given);
  const client = await ctx.client();
  const subscriptions = await client.listSubscriptions({ params: { statusPageId: page.id } });
  if (ctx.json) return ctx.printJson(subscriptions);
  if (subscriptions.length === 0) {
    ctx.info(`No subscribers on status page ${terminalLine(page.name)}.`);
    return;
  }
  await ctx.outPaged(await renderSubscriptions(ctx, subscriptions));
}

/** The page PAGE names (pageArgument: a whole id as it is, else looked up among the pages), with a name to show. */
export async function resolvePage(ctx: Context, given: string): Promise<{ id: string; name: string }> {
  const { id, page } = await pageArgument(ctx, given);
  return { id, name: page?.name ?? id };
}

/** The subscribers as a table, in the order given. */
export function renderSubscriptions(ctx: Context, subscriptions: readonly Subscription[]): Promise<string> {
  const s = ctx.style;
  const now = ctx.now();
  return renderTable(
    ctx,
    [{ header: 'id', id: true }, 'address', 'status', 'created'],
    subscriptions.map((subscription) => [
      subscription.id,
      subscription.address,
      { text: subscription.status, paint: subscription.status === 'VERIFIED' ? s.green : s.yellow },
      timeCell(subscription.created_at, now),
    ]),
  );
}
