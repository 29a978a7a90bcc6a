// `automation-rules get RULE`: one automation rule of a V3 page, with its tags, the components
// its incident impacts and how, its updates' texts, cool-down and the incident it opened last.
// How a rule is found (on every V3 page of the account) is here, for the other verbs too.
import type { Client } from '../../../client/index.js';
import type { V3AutomationRule } from '../../../contract/schemas.js';
import { fetchPages } from '../../api/paging.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import { isNotFound } from '../../errors/not-found.js';
import { didYouMean } from '../../errors/suggest.js';
import { everyPageComponents, type PageComponents } from '../../lookup/page-kinds.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { getVerb } from '../../verbs/get.js';
import { AUTOMATION_RULE, type ShownRule } from '../../views/automation-rule.js';

/** Every rule of a V3 page, read 100 at a time. */
export async function pageRules(client: Client, statusPageId: string): Promise<V3AutomationRule[]> {
  const params = { statusPageId };
  return (await fetchPages((query) => client.listV3AutomationRules({ params, ...(query ? { query } : {}) }), { all: true })).entries;
}

/** A page with its components, as a rule of it is shown. */
export function shownOn({ page, components }: PageComponents, rule: V3AutomationRule): ShownRule {
  return { rule, page: { id: page.id, name: page.name, url: page.url }, components };
}

/** Every rule of every V3 page of the account, each with its page (a page deleted meanwhile is left out). */
async function everyRule(client: Client): Promise<ShownRule[]> {
  const pages = await everyPageComponents(client);
  const read = await Promise.all(
    pages.map((page) =>
      pageRules(client, page.page.id).then(
        (rules) => rules.map((rule) => shownOn(page, rule)),
        (error: unknown) => {
          if (isNotFound(error)) return [];
          throw error;
        },
      ),
    ),
  );
  return read.flat();
}

const describe = ({ rule, page }: ShownRule) => `${rule.name} (id ${rule.id}) on ${page.name} (url ${page.url})`;

/**
 * The rule RULE names: its id or the start of it (6 or more characters), or its name (any case,
 * or the start of one name), among the rules of every V3 page; `PAGE/NAME` says which page.
 */
export async function findRule(client: Client, given: string): Promise<ShownRule> {
  const all = await everyRule(client);
  const slash = given.indexOf('/');
  if (slash > 0) {
    const pageWanted = given.slice(0, slash).trim().toLowerCase();
    const onPage = all.filter(({ page }) => [page.id, page.url.toLowerCase(), page.name.toLowerCase()].includes(pageWanted));
    if (onPage.length > 0) return ruleIn(onPage, given.slice(slash + 1), given);
  }
  return ruleIn(all, given, given);
}

function ruleIn(scope: readonly ShownRule[], wanted: string, given: string): ShownRule {
  const lower = wanted.trim().toLowerCase();
  const prefix = lower.length >= MIN_PREFIX && /^[0-9a-f-]+$/.test(lower);
  const tries: ((shown: ShownRule) => boolean)[] = [
    ({ rule }) => rule.id === wanted.trim(),
    ({ rule }) => prefix && rule.id.toLowerCase().startsWith(lower),
    ({ rule }) => rule.name.toLowerCase() === lower,
    ({ rule }) => lower !== '' && rule.name.toLowerCase().startsWith(lower),
  ];
  for (const matches of tries) {
    const found = scope.filter(matches);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      throw usageError(
        [`automation rule "${given}" fits ${found.length} rules:`, ...found.map((each) => `  ${describe(each)}`)].join('\n'),
        'give its id, or PAGE/NAME (the url of its page, a slash, its name) to say which page',
      );
    }
  }
  const hint = 'statusctl automation-rules list PAGE shows the rules of a V3 page';
  if (scope.length === 0)
    throw new CliError(ExitCode.notFound, `automation rule "${given}": no V3 page has automation rules`, undefined, hint);
  const meant = didYouMean(
    wanted,
    scope.map(({ rule }) => rule.name),
  );
  throw new CliError(
    ExitCode.notFound,
    [`automation rule "${given}": no such rule${meant}; the rules:`, ...scope.map((each) => `  ${describe(each)}`)].join('\n'),
    undefined,
    hint,
  );
}

export const { declare, run } = getVerb(AUTOMATION_RULE, {
  description:
    'One automation rule of a V3 status page: whether it is enabled, its tags (a failing check carrying one opens the incident), ' +
    'the components the incident impacts and how, the texts of its first and last updates, whether they notify subscribers, ' +
    'its cool-down and the incident it opened last.\n\n' +
    'RULE is its id (or its first 6 or more characters) or its name (any case, or the start of one name), looked for on every V3 page; ' +
    'PAGE/NAME (the url, id or name of its page, a slash, its name) says which page when a name is on several. ' +
    'One that matches nothing is exit 4 with the closest names; one that fits several is exit 2 listing them. ' +
    'Piped: label<TAB>value lines (components as ID=IMPACT, separated by commas); -o json: the rule as the API answers it.',
  examples: ["statusctl automation-rules get 'Checkout is failing'", "statusctl automation-rules get 'acme-platform/checkout' -o json"],
  async fetch(ctx, given) {
    return findRule(await ctx.client(), given);
  },
  json: (shown) => shown.rule,
});
