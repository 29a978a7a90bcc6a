// `checks alerts [CHECK]`: the changes of state of the checks (or of one), newest first. The API
// answers a window of at most 6 hours, a page at a time; a longer --since is read window by
// window back from now, each window page by page, into one list.
import { Option } from '@commander-js/extra-typings';
import type { CheckAlert } from '../../../contract/schemas.js';
import { type Span, span } from '../../input/time.js';
import { checkIdOf } from '../../lookup/checks.js';
import { listVerb } from '../../verbs/list.js';
import { CHECK_ALERT } from '../../views/check-alert.js';
import { CHECK_STATUS } from '../../views/check-status.js';

export interface AlertsOptions {
  since: Span;
}

/** The longest window the API answers, in seconds. */
const WINDOW_S = 6 * 3600;
const PAGE = 100;

export const { declare, run } = listVerb<CheckAlert, AlertsOptions>(CHECK_ALERT, {
  name: 'alerts',
  description:
    "The checks' alerts, newest first: each change of a check's state between two runs (failure, recovery, degraded, " +
    'degraded recovery...), when, where it ran and its error. With a CHECK, its alerts only. --since says how far back ' +
    '(default 6h; the API answers 6 hours a request, so a longer one is read 6 hours at a time).\n\n' +
    'Piped: TIME (ISO), CHECK ID, CHECK, ALERT, LOCATION, RESPONSE TIME, ERROR, tab-separated. With -o json: the ' +
    "API's alerts, one array for the whole stretch. A CHECK is its name (any case, or a unique prefix) or its id; an " +
    'unknown one is exit 4, with the closest names.',
  examples: [
    'statusctl checks alerts',
    "statusctl checks alerts 'Payments API' --since 24h",
    'statusctl checks alerts --since 7d --jq \'.[] | select(.alertType == "ALERT_FAILURE") | .name\'',
  ],
  options: (command) =>
    command
      .argument('[check]', `${CHECK_STATUS.argument.help}; without it, every check`)
      .addOption(
        new Option('--since <span>', 'how far back: 6h, 24h, 7d (any count of m, h, d, w)').argParser(span).default(span('6h'), '6h'),
      ),
  async fetch(ctx, options, [check], onPage) {
    const checkId = check === undefined ? undefined : await checkIdOf(ctx, check);
    const client = await ctx.client();
    const read = (query: { from: string; to: string; page: string; limit: string }) =>
      checkId === undefined ? client.listCheckAlerts({ query }) : client.listAlertsOfCheck({ params: { checkId }, query });
    // Up to now, now included (`to` is exclusive), back to the start of --since.
    const end = Math.floor(ctx.now() / 1000) + 1;
    const start = end - Math.ceil(options.since.ms / 1000);
    const alerts: CheckAlert[] = [];
    let requests = 0;
    for (let to = end; to > start; to -= WINDOW_S) {
      const from = Math.max(start, to - WINDOW_S);
      for (let page = 1; ; page++) {
        if (requests++ > 0) onPage(requests);
        const found = await read({ from: String(from), to: String(to), page: String(page), limit: String(PAGE) });
        alerts.push(...found);
        if (found.length < PAGE) break;
      }
    }
    const of = check === undefined ? '' : ` of check ${check}`;
    return { json: alerts, entries: alerts, none: `No alerts${of} in the last ${options.since.words}.` };
  },
});
