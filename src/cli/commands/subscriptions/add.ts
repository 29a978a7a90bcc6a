// `subscriptions add`: subscribe email addresses to a status page, by the API's bulk create: at
// most 100 addresses a request, so a longer list is sent in batches, one after the other. An
// address already subscribed is skipped by the API and counted; the counts of every batch are
// summed into one answer of the API's shape ({created, skipped, status}). On a V3 page,
// --component subscribes the addresses to those components only (left out: every component).
import { fitsSchema } from '../../../client/request-check.js';
import { MAX_SUBSCRIPTIONS_PER_REQUEST } from '../../../contract/resources/subscriptions.limit.js';
import type { Client } from '../../../client/index.js';
import { collect, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { renderFields, tableFormat } from '../../output/cells.js';
import { expandIds } from '../../input/read.js';
import { nothingToDo } from '../../api/bulk.js';
import { componentIds, PAGE_HELP, type SubscriberPage, subscriberPage } from './list.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { terminalLine } from '../../output/terminal-text.js';

export interface AddOptions {
  verified?: boolean;
  component?: string[];
  dryRun?: boolean;
}

/** What the bulk create answers, summed over the batches. */
export interface AddResult {
  created: number;
  skipped: number;
  status: 'PENDING' | 'VERIFIED';
}

export function declare(subscriptions: Noun): void {
  examples(
    subscriptions
      .command('add')
      .description(
        'Subscribe email addresses to a status page. An address already subscribed is skipped and counted, so running ' +
          'the command again is safe.\n\n' +
          'ADDRESS is an email address, or - to read them from stdin (one per line; blank lines and # comments skipped). ' +
          'The API takes at most 100 a request: a longer list is sent in batches of 100, one after the other. New ' +
          'subscribers are PENDING until they confirm their address; --verified subscribes them VERIFIED at once (the ' +
          "API's autoVerify: no confirmation mail).\n\n" +
          'On a V3 page, --component NAME (repeat it, or separate names with commas) subscribes them to those components only ' +
          '(a name, any case, or the start of one; or an id; a group covers its components); left out, to every component. ' +
          'A name that fits no component, or several, is exit 2 with the closest names, before anything is sent.\n\n' +
          'Prints the counts: created, skipped, status (piped: label<TAB>value lines). With -o json: {created, skipped, ' +
          'status}, the API answer summed over the batches.',
      )
      .argument('<page>', PAGE_HELP)
      .argument('<address...>', 'email addresses, or - to read them from stdin')
      .option('--verified', 'subscribe them VERIFIED at once, with no confirmation mail (autoVerify)')
      .option('--component <name>', 'V3 pages: tell them of this component only (repeat, or separate with commas)', collect)
      .option('--dry-run', 'print the requests (method, path, JSON body) instead of sending them')
      .action((page, addresses, options, command) => run(Context.fromCommand(command), page, addresses, options)),
    [
      'statusctl subscriptions add acme-cloud oncall@example.com',
      'statusctl subscriptions add acme-cloud ops@example.com cto@example.com --verified',
      "printf '%s\\n' a@example.com b@example.com | statusctl subscriptions add 'Acme Payments' - -o json",
      'statusctl subscriptions add acme-cloud oncall@example.com --dry-run',
      "statusctl subscriptions add acme-platform partner@example.com --component webhooks --component 'rest api' --dry-run",
    ],
  );
  valueKinds(subscriptions, 'add', { page: 'status-page' });
}

export async function run(ctx: Context, given: string, args: string[], options: AddOptions): Promise<void> {
  const addresses = await checkedAddresses(ctx, args);
  if (addresses.length === 0) return nothingToDo(ctx);
  const client = await ctx.client();
  const page = await subscriberPage(client, given);
  const components = options.component?.length ? componentIds(page, options.component, '--component') : undefined;
  const batches: string[][] = [];
  for (let i = 0; i < addresses.length; i += MAX_SUBSCRIPTIONS_PER_REQUEST)
    batches.push(addresses.slice(i, i + MAX_SUBSCRIPTIONS_PER_REQUEST));
  const send = sender(client, page, options, components);

  if (options.dryRun) {
    const { printPlanned } = await import('../../api/dry-run.js');
    // One entry per batch, an array for any number of them.
    return printPlanned(ctx, await Promise.all(batches.map((batch) => send.plan(batch))));
  }

  const total: AddResult = { created: 0, skipped: 0, status: options.verified ? 'VERIFIED' : 'PENDING' };
  for (const [index, batch] of batches.entries()) {
    if (batches.length > 1 && ctx.showProgress) ctx.info(`sending batch ${index + 1} of ${batches.length}...`);
    try {
      const answer = await send.batch(batch);
      total.created += answer.created;
      total.skipped += answer.skipped;
      total.status = answer.status;
    } catch (error) {
      if (index > 0) {
        ctx.info(
          `batches 1 to ${index} of ${batches.length} were sent (${total.created} created, ${total.skipped} skipped); ` +
            'the rest was not. Addresses already subscribed are skipped, so the same command can be run again.',
        );
      }
      throw error;
    }
  }
  if (ctx.json) return ctx.printJson(total);
  ctx.out(await renderAdded(ctx, total, page.name));
}

/** The bulk create of the page's kind: a v2 page's (an address each), a V3 page's (an address and its components each). */
function sender(client: Client, page: SubscriberPage, options: AddOptions, components: string[] | undefined) {
  const autoVerify = options.verified ? { autoVerify: true } : {};
  const params = { statusPageId: page.id };
  const v2 = (batch: string[]) => ({
    params,
    body: { subscriptions: batch.map((address) => ({ type: 'EMAIL' as const, config: address })), ...autoVerify },
  });
  const v3 = (batch: string[]) => ({
    params,
    body: {
      subscriptions: batch.map((address) => ({
        type: 'EMAIL' as const,
        config: { address, ...(components ? { subscribedComponents: components } : {}) },
      })),
      ...autoVerify,
    },
  });
  return {
    async plan(batch: string[]) {
      const { planRequest } = await import('../../api/dry-run.js');
      return page.components === null ? planRequest('createSubscriptions', v2(batch)) : planRequest('createV3Subscribers', v3(batch));
    },
    batch: (batch: string[]): Promise<AddResult> =>
      page.components === null ? client.createSubscriptions(v2(batch)) : client.createV3Subscribers(v3(batch)),
  };
}

/**
 * The addresses given, each checked as an email address before anything is sent (every bad one
 * named at once), repeats left out (any case: one mailbox is one subscriber).
 */
async function checkedAddresses(ctx: Context, args: string[]): Promise<string[]> {
  const given = await expandIds(ctx, args);
  // The contract's rule for an address, on the shape the build derives from its schema (no zod).
  const bad = given.filter((address) => !fitsSchema('EmailAddress', address));
  if (bad.length > 0) {
    throw usageError(
      `argument 'address': ${bad.map((address) => `"${address}"`).join(', ')} ${bad.length === 1 ? 'is not an email address' : 'are not email addresses'}; nothing was sent`,
      'give addresses like oncall@example.com, one per argument or one per line with -',
    );
  }
  const seen = new Set<string>();
  return given.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The counts for people: a sentence on a terminal, `label<TAB>value` lines piped, a list in Markdown. */
export async function renderAdded(ctx: Context, result: AddResult, pageName: string): Promise<string> {
  const fields = await renderFields(ctx, [
    ['created', String(result.created)],
    ['skipped', String(result.skipped)],
    ['status', result.status],
  ]);
  if (tableFormat(ctx) !== 'terminal') return fields;
  const s = ctx.style;
  const skipped = result.skipped > 0 ? s.dim(`; ${result.skipped} already subscribed, skipped`) : '';
  const subscribed = `${result.created} subscriber${result.created === 1 ? '' : 's'}`;
  return `${s.green('Added')} ${subscribed} to ${terminalLine(pageName)} (${terminalLine(result.status)})${skipped}`;
}
