// `subscriptions list`: a status page's subscribers, newest first: who is notified when an update
// is posted with --notify (VERIFIED ones; PENDING ones have not confirmed their address yet).
// Finding the page (id, url, domain or name) is here, for add and remove too.
import type { Subscription } from '../../../contract/schemas.js';
import type { Context } from '../../runtime/context.js';
import { pageArgument } from '../../lookup/service-catalog.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { terminalLine } from '../../output/terminal-text.js';
import { listVerb } from '../../verbs/list.js';
import { SUBSCRIPTION } from '../../views/subscription.js';

export const PAGE_HELP = `id (or its first ${MIN_PREFIX} or more characters), url, custom domain or name of the status page`;

export const { declare, run } = listVerb<Subscription, object>(SUBSCRIPTION, {
  arguments: [['page', PAGE_HELP, 'status-page']],
  description:
    "A status page's subscribers, newest first: each address with its status (VERIFIED ones are notified when an " +
    'update is posted with --notify; PENDING ones have not confirmed their address).\n\n' +
    'PAGE is its id (or a unique start of it), url (slug), custom domain or name (any case); one that matches none is exit 4. Piped: ID, ADDRESS, STATUS, CREATED, ' +
    'tab-separated. With -o json: the API response as it is (an array).',
  examples: [
    'statusctl subscriptions list acme-cloud',
    "statusctl subscriptions list 'Acme Payments' -o json",
    "statusctl subscriptions list acme-cloud | awk -F'\\t' '$3 == \"VERIFIED\" { print $2 }'",
  ],
  async fetch(ctx, _options, [given]) {
    const page = await resolvePage(ctx, given!);
    const subscriptions = await (await ctx.client()).listSubscriptions({ params: { statusPageId: page.id } });
    return { json: subscriptions, entries: subscriptions, none: `No subscribers on status page ${terminalLine(page.name)}.` };
  },
});

/** The page PAGE names (pageArgument: a whole id as it is, else looked up among the pages), with a name to show. */
export async function resolvePage(ctx: Context, given: string): Promise<{ id: string; name: string }> {
  const { id, page } = await pageArgument(ctx, given);
  return { id, name: page?.name ?? id };
}
