// `subscriptions list`: a status page's subscribers, newest first: who is notified when an update
// is posted with --notify (VERIFIED ones; PENDING ones have not confirmed their address yet). The
// page is of either kind; a V3 page's subscriber may be told of some components only, and
// --component keeps those told of the components named. Finding the page (id, url, domain or
// name, of either kind) and reading its subscribers are here, for add and remove too.
import type { Client } from '../../../client/index.js';
import { fetchPages } from '../../api/paging.js';
import { isV3, type V3Component } from '../../api/types.js';
import { usageError } from '../../errors/exit-codes.js';
import { findPageOfEitherKind, pageComponents } from '../../lookup/page-kinds.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { resolveComponents } from '../../lookup/v3-incidents.js';
import { terminalLine } from '../../output/terminal-text.js';
import { collect } from '../../runtime/command-kit.js';
import { listVerb } from '../../verbs/list.js';
import { type AnySubscriber, SUBSCRIPTION, type ShownSubscription, shownSubscription } from '../../views/subscription.js';

export const PAGE_HELP = `id (or its first ${MIN_PREFIX} or more characters), url, custom domain or name of the status page (v2 or V3)`;

export interface ListOptions {
  component?: string[];
}

/** A status page of either kind, as the subscription verbs need it. */
export interface SubscriberPage {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  /** A V3 page's components; null for a v2 page, whose subscribers hear of every incident. */
  readonly components: readonly V3Component[] | null;
}

export const { declare, run } = listVerb<ShownSubscription, ListOptions>(SUBSCRIPTION, {
  arguments: [['page', PAGE_HELP, 'status-page']],
  description:
    "A status page's subscribers, newest first: each address with its status (VERIFIED ones are notified when an " +
    'update is posted with --notify; PENDING ones have not confirmed their address) and the components it is told of ' +
    '(all: every incident of the page, as on every v2 page; a V3 subscriber may have chosen some components).\n\n' +
    'PAGE is its id (or a unique start of it), url (slug), custom domain or name (any case), of either kind; one that matches none is exit 4. ' +
    'On a V3 page, --component NAME keeps the subscribers told of that component (a name, any case, or its start; or its id): ' +
    'those subscribed to every component, to it, or to its group.\n\n' +
    'Piped: ID, ADDRESS, STATUS, CREATED, COMPONENTS (all, or the component ids separated by commas), tab-separated, for both kinds. ' +
    "With -o json: an array of the subscribers as the page's API gives them (a V3 page's with subscribedComponents).",
  examples: [
    'statusctl subscriptions list acme-cloud',
    "statusctl subscriptions list 'Acme Payments' -o json",
    "statusctl subscriptions list acme-cloud | awk -F'\\t' '$3 == \"VERIFIED\" { print $2 }'",
    'statusctl subscriptions list acme-platform --component webhooks',
  ],
  options: (command) =>
    command.option(
      '--component <name>',
      'V3 pages: only the subscribers told of this component (repeat, or separate with commas)',
      collect,
    ),
  async fetch(ctx, options, [given]) {
    const client = await ctx.client();
    const page = await subscriberPage(client, given!);
    const wanted = options.component?.length ? componentIds(page, options.component, '--component') : undefined;
    const subscribers = await pageSubscribers(client, page);
    const kept = wanted ? subscribers.filter((subscriber) => toldOf(page, subscriber, wanted)) : subscribers;
    const shown = kept.map((subscriber) => shownSubscription(subscriber, page.components ?? []));
    const none = wanted
      ? `No subscriber of status page ${terminalLine(page.name)} is told of ${options.component!.join(', ')}.`
      : `No subscribers on status page ${terminalLine(page.name)}.`;
    return { json: kept, entries: shown, none };
  },
});

/** The page PAGE names, of either kind; a V3 page with its components. */
export async function subscriberPage(client: Client, given: string): Promise<SubscriberPage> {
  const page = await findPageOfEitherKind(client, given);
  if (!isV3(page)) return { id: page.id, name: page.name, url: page.url, components: null };
  const { components } = await pageComponents(client, page);
  return { id: page.id, name: page.name, url: page.url, components };
}

/** Every subscriber of the page, newest first: a v2 page's one list, a V3 page's every page of its list. */
export async function pageSubscribers(client: Client, page: SubscriberPage): Promise<AnySubscriber[]> {
  if (page.components === null) return client.listSubscriptions({ params: { statusPageId: page.id } });
  const params = { statusPageId: page.id };
  return (await fetchPages((query) => client.listV3Subscribers({ params, ...(query ? { query } : {}) }), { all: true })).entries;
}

/** The ids of the components `names` give (`label`: the option), on a V3 page; a usage error on a v2 page or a miss. */
export function componentIds(page: SubscriberPage, names: readonly string[], label: string): string[] {
  if (page.components === null) {
    throw usageError(
      `${label}: status page ${page.name} is a v2 page of cards and services; its subscribers hear of every incident of the page`,
      `${label} names components of a V3 page: statusctl status-pages list shows each page with its kind (v2 or v3)`,
    );
  }
  return resolveComponents(
    page,
    page.components,
    names.map((component) => ({ component })),
    'PARTIAL_OUTAGE',
    label,
  ).map((resolved) => resolved.componentId);
}

/** Whether `subscriber` hears of one of `ids`: subscribed to every component, to it, or to a group above it. */
function toldOf(page: SubscriberPage, subscriber: AnySubscriber, ids: readonly string[]): boolean {
  const chosen = 'subscribedComponents' in subscriber ? subscriber.subscribedComponents : null;
  if (chosen === null) return true;
  const parentOf = new Map((page.components ?? []).map((component) => [component.id, component.parentId ?? null]));
  return ids.some((id) => {
    const seen = new Set<string>();
    for (let at: string | null = id; at !== null && !seen.has(at); at = parentOf.get(at) ?? null) {
      if (chosen.includes(at)) return true;
      seen.add(at);
    }
    return false;
  });
}
