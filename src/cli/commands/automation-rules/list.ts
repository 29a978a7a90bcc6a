// `automation-rules list PAGE`: a V3 page's automation rules, newest first, each with its tags,
// the components its incident impacts, its cool-down and the incident it opened last.
import { fetchPages, type PagingOptions } from '../../api/paging.js';
import { findV3Page, pageComponents } from '../../lookup/page-kinds.js';
import { cursorMore, listVerb } from '../../verbs/list.js';
import { AUTOMATION_RULE, type ShownRule } from '../../views/automation-rule.js';
import { shownOn } from './get.js';

export const PAGE_HELP = 'id (or its first 6 or more characters), url, custom domain or name of the V3 status page';

export const { declare, run } = listVerb<ShownRule, PagingOptions>(AUTOMATION_RULE, {
  description:
    "A V3 status page's automation rules, newest first: when a check carrying one of a rule's tags starts failing, the rule opens " +
    'an incident on the page with its components at their impacts, and resolves it once every such check passes again.\n\n' +
    'Piped: one tab-separated row per rule: id, name, state (enabled or disabled), tags (separated by commas), components ' +
    '(ID=IMPACT, separated by commas), cooldown (5m, 1h), incident (the id of the one it opened last, or -).\n\n' +
    'With -o json: the API list ({length, entries, nextId}).',
  examples: [
    'statusctl automation-rules list acme-platform',
    "statusctl rules list acme-platform -o json | jq -r '.entries[] | select(.enabled) | .name'",
  ],
  arguments: [['page', PAGE_HELP, 'status-page']],
  paging: { limit: 'rules to show, 1 to 100 (default 20, as the API gives them)' },
  async fetch(ctx, options, [given], onPage) {
    const client = await ctx.client();
    const page = await pageComponents(client, await findV3Page(client, given!, 'automation-rules list'));
    const params = { statusPageId: page.page.id };
    const list = await fetchPages((query) => client.listV3AutomationRules({ params, ...(query ? { query } : {}) }), options, onPage);
    return {
      json: list,
      entries: list.entries.map((rule) => shownOn(page, rule)),
      none: `No automation rules on ${page.page.name} (statusctl automation-rules create ${page.page.url} --name NAME ... adds one).`,
      more: cursorMore(list.nextId),
    };
  },
});
