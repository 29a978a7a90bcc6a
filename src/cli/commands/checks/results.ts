// `checks results CHECK`: a check's results, newest first, by cursor like the other lists;
// --failing and --since are the API's own filters (hasFailures, from), so every page is one request.
import { Option } from '@commander-js/extra-typings';
import type { CheckResult } from '../../../contract/schemas.js';
import { fetchPages, type PagingOptions } from '../../api/paging.js';
import { type Span, span } from '../../input/time.js';
import { checkIdOf } from '../../lookup/checks.js';
import { cursorMore, listVerb } from '../../verbs/list.js';
import { CHECK_RESULT } from '../../views/check-result.js';
import { CHECK_STATUS } from '../../views/check-status.js';

export interface ResultsOptions extends PagingOptions {
  failing?: boolean;
  since?: Span;
}

export const { declare, run } = listVerb<CheckResult, ResultsOptions>(CHECK_RESULT, {
  name: 'results',
  description:
    "A check's results, newest first: when each run ended, its outcome (failed, error, degraded, passed), where it ran, " +
    'how long it took and how many error groups it fed. --failing keeps the failed runs, --since the runs of that last ' +
    'stretch of time (24h, 7d...).\n\n' +
    'Piped: ID, RAN (ISO), OUTCOME, LOCATION, RESPONSE TIME, ERROR GROUPS, tab-separated. With -o json: the API ' +
    'response as it is ({length, entries, nextId}); with --all, one object combining every page. A CHECK is its name ' +
    '(any case, or a unique prefix) or its id; an unknown one is exit 4, with the closest names. `checks result CHECK ' +
    'RESULT` shows one in full.',
  examples: [
    "statusctl checks results 'Payments API'",
    "statusctl checks results 'Payments API' --failing --since 24h",
    "statusctl checks results 'Orders API' -L 3 -o json",
    "statusctl checks results 'Payments API' --all | cut -f1,3",
  ],
  arguments: [[CHECK_STATUS.argument.name, CHECK_STATUS.argument.help]],
  paging: { limit: 'results per request, 1 to 100 (server default 10; 100 with --all)', after: true },
  options: (command) =>
    command
      .option('--failing', 'only the failed runs')
      .addOption(
        new Option('--since <span>', 'only the runs of this last stretch of time: 24h, 7d (any count of m, h, d, w)').argParser(span),
      ),
  async fetch(ctx, options, [check], onPage) {
    const checkId = await checkIdOf(ctx, check!);
    const client = await ctx.client();
    const filters = {
      ...(options.failing ? { hasFailures: 'true' as const } : {}),
      ...(options.since ? { from: String(Math.floor((ctx.now() - options.since.ms) / 1000)) } : {}),
    };
    const list = await fetchPages(
      (query) => {
        const sent = { ...filters, ...query };
        return client.listCheckResults({ params: { checkId }, ...(Object.keys(sent).length > 0 ? { query: sent } : {}) });
      },
      options,
      onPage,
    );
    const which = options.failing ? 'No failed results' : 'No results';
    const when = options.since ? ` in the last ${options.since.words}` : '';
    return {
      json: list,
      // Whole results: the CLI asks for no `fields`, so every entry has all of them.
      entries: list.entries as CheckResult[],
      none: `${which} of check ${check}${when}.`,
      more: cursorMore(list.nextId),
    };
  },
});
