// `subscriptions remove`: unsubscribe from a status page, by subscription id or by address. The
// page's subscriptions are read once to find each one; on a terminal the command shows who goes
// and asks, off a terminal it needs --yes. One line per subscriber given, whatever their number
// (verbs/delete.ts): the subscription id, `removed`, the address. The page is of either kind.
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import { deleteVerb } from '../../verbs/delete.js';
import { SUBSCRIPTION, type ShownSubscription, shownSubscription } from '../../views/subscription.js';
import { PAGE_HELP, pageSubscribers, subscriberPage } from './list.js';

export const { declare, run } = deleteVerb(SUBSCRIPTION, {
  name: 'remove',
  description:
    'Unsubscribe from a status page: each SUBSCRIBER is a subscription id or an email address (any case), or - to ' +
    'read them from stdin (one per line; blank lines and # comments skipped).\n\n' +
    'On a terminal it shows who goes and asks (default no); not on a terminal it needs --yes (exit 2 without ' +
    'it, nothing removed); --dry-run shows the requests and sends nothing.\n\n' +
    'One line per subscriber, in the order given, tab-separated: the subscription id, the outcome (removed, ' +
    'not-found, ...) and the address; -o json gives an array of {id, ok, status, error, address}, the same for ' +
    'one as for many. The exit code is that of the worst outcome (4 when some are not subscribed).',
  examples: [
    'statusctl subscriptions remove acme-cloud support-leads@acme-cloud.io --dry-run',
    'statusctl subscriptions add acme-cloud leaver@example.com && statusctl subscriptions remove acme-cloud leaver@example.com --yes',
    "statusctl subscriptions list 'Acme Payments' | awk -F'\\t' '$3 == \"PENDING\" { print $1 }' | statusctl subscriptions remove 'Acme Payments' - --yes",
  ],
  parents: [['page', PAGE_HELP, 'status-page']],
  ids: 'subscription ids or email addresses, or - to read them from stdin',
  words: { dryRun: 'print the requests (method, path) instead of sending them', several: 'subscribers', one: 'that one' },
  what: (ids, [page]) => `${ids.length === 1 ? 'a subscriber' : `${ids.length} subscribers`} of status page ${page}`,
  async open(_ctx, client, [given]) {
    const page = await subscriberPage(client, given!);
    const subscriptions = (await pageSubscribers(client, page)).map((each) => shownSubscription(each, page.components ?? []));
    return {
      async find(value) {
        const subscription = find(subscriptions, value);
        if (!subscription) throw notSubscribed(value, page.name);
        return subscription;
      },
      describe: ({ subscription }) => subscription.address,
      request: ({ subscription }) =>
        page.components === null
          ? ['deleteSubscription', { params: { statusPageId: page.id, subscriptionId: subscription.id } }]
          : ['deleteV3Subscriber', { params: { statusPageId: page.id, subscriberId: subscription.id } }],
      shown: (known) => [
        `From status page ${page.name}:`,
        ...known.map(({ subscription }) => `  ${subscription.address} (${subscription.status}, id ${subscription.id})`),
      ],
      question: (count) => `Remove ${count === 1 ? 'this subscriber' : `these ${count} subscribers`} from ${page.name}?`,
    };
  },
  // Listed a moment ago and gone now (another run, or this one's lost answer): removed all the same.
  goneIsDone: true,
  fields: ({ subscription }) => ({ address: subscription.address }),
  failed: { address: null },
});

/** The subscription `value` names: its id, or its address in any case. */
function find(subscriptions: readonly ShownSubscription[], value: string): ShownSubscription | undefined {
  const wanted = value.trim();
  return (
    subscriptions.find(({ subscription }) => subscription.id === wanted) ??
    subscriptions.find(({ subscription }) => subscription.address.toLowerCase() === wanted.toLowerCase())
  );
}

function notSubscribed(value: string, pageName: string): CliError {
  return new CliError(
    ExitCode.notFound,
    `"${value}": not a subscriber of status page ${pageName}`,
    undefined,
    `see who is: statusctl subscriptions list '${pageName}'`,
  );
}
