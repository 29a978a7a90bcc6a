// `automation-rules create PAGE`: a rule of a V3 page. When a check carrying one of its tags
// starts failing, the rule opens an incident named after it on the page, with its components at
// their impacts and --first-update as the first update; once every such check passes again it
// posts --last-update as a RESOLVED update. What the options take is checked before any request,
// every problem at once; the components are found on the page (names, any case, or their start).
// The option parsers are here, for edit too.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import type { V3AutomationRule, V3TargetImpact } from '../../../contract/schemas.js';
import type { OperationInput } from '../../../contract/operations.js';
import { usageError } from '../../errors/exit-codes.js';
import { type ComponentImpact, componentImpact, IMPACT_CHOICES } from '../../input/impacts.js';
import { findV3Page, type PageComponents, pageComponents } from '../../lookup/page-kinds.js';
import { resolveComponents } from '../../lookup/v3-incidents.js';
import { collect, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { renderRecord } from '../../views/resource.js';
import { AUTOMATION_RULE } from '../../views/automation-rule.js';
import { shownOn } from './get.js';
import { PAGE_HELP } from './list.js';

export type RuleBody = OperationInput<'createV3AutomationRule'>['body'];

export interface CreateOptions {
  name?: string;
  tag?: string[];
  component?: string[];
  firstUpdate?: string;
  lastUpdate?: string;
  cooldown?: string;
  notify: boolean;
  disabled?: boolean;
  dryRun?: boolean;
}

export const MAX_COOLDOWN_MINUTES = 1440;

/**
 * `--cooldown`: `5m`, `90m`, `2h`, `1h30m`, `0` (or bare minutes: `15`), in minutes, 0 to 1440.
 * Options are taken as typed and read here, so a bad one is a usage error with a hint.
 */
export function cooldownMinutes(value: string): number {
  const match = /^(?:(\d{1,4})h)?(?:(\d{1,4})m?)?$/.exec(value.trim().toLowerCase());
  const minutes = match && value.trim() !== '' ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : Number.NaN;
  if (!(minutes >= 0 && minutes <= MAX_COOLDOWN_MINUTES)) {
    throw usageError(
      `--cooldown "${value}": expected a time from 0 to 24h, such as 5m, 90m, 2h or 1h30m; nothing was sent`,
      'give --cooldown 5m (the default), --cooldown 2h, or --cooldown 0 for none',
    );
  }
  return minutes;
}

/**
 * The values of `--component NAME=IMPACT` as typed: the impact is required, and is an impact
 * (`operational`, which takes a component out of a rule, only where `operational` says).
 */
export function ruleComponentImpacts(values: readonly string[], operational = false): ComponentImpact[] {
  const words = [...IMPACT_CHOICES, ...(operational ? ['operational'] : [])].join(', ');
  return values.map((value) => {
    let parsed: ComponentImpact | undefined;
    try {
      parsed = componentImpact(value, operational);
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
    }
    if (!parsed?.impact) {
      throw usageError(
        `--component "${value}": expected NAME=IMPACT, IMPACT one of ${words} (or the API's names, such as PARTIAL_OUTAGE); nothing was sent`,
        "give the component's name (or id), = and its impact: --component 'REST API=partial'",
      );
    }
    return parsed;
  });
}

/** The rule's components as the API takes them, found on the page (exit 2 naming each one that fits none or several). */
export function ruleComponents(page: PageComponents, given: readonly ComponentImpact[]): RuleBody['components'] {
  return resolveComponents(page.page, page.components, given, 'PARTIAL_OUTAGE').map(({ componentId, status }) => ({
    componentId,
    targetImpact: status as V3TargetImpact,
  }));
}

/** The body of a PUT that keeps `rule` as it is: what the API answered, without the fields it sets. */
export function bodyOf(rule: V3AutomationRule): RuleBody {
  return {
    name: rule.name,
    enabled: rule.enabled,
    firstUpdate: rule.firstUpdate,
    lastUpdate: rule.lastUpdate,
    notifySubscribers: rule.notifySubscribers,
    coolDownWindowMinutes: rule.coolDownWindowMinutes,
    tags: rule.tags,
    components: rule.components.map(({ componentId, targetImpact }) => ({ componentId, targetImpact })),
  };
}

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** Every option the create needs and lacks, named at once, before any request. */
function checkGiven(options: CreateOptions): void {
  const missing = [
    text(options.name) ? [] : ['--name (the rule and its incidents are named after it)'],
    options.tag?.length ? [] : ['--tag (a failing check carrying it opens the incident; at least one)'],
    options.component?.length ? [] : ['--component NAME=IMPACT (what the incident impacts; at least one)'],
    text(options.firstUpdate) ? [] : ['--first-update TEXT (the update that opens the incident)'],
    text(options.lastUpdate) ? [] : ['--last-update TEXT (the RESOLVED update once the checks pass)'],
  ].flat();
  if (missing.length > 0) {
    throw usageError(
      [
        `missing ${missing.length === 1 ? 'an option' : `${missing.length} options`}; nothing was sent:`,
        ...missing.map((each) => `  ${each}`),
      ].join('\n'),
      "e.g. statusctl automation-rules create acme-platform --name 'Search is failing' --tag search --component 'REST API=partial' " +
        "--first-update 'Search fails; we are on it.' --last-update 'Search works again.'",
    );
  }
}

export function declare(rules: Noun): void {
  examples(
    rules
      .command('create')
      .description(
        'Add an automation rule to a V3 status page: when a check carrying one of its tags starts failing, the rule opens an incident ' +
          'named after it on the page, each --component at its impact, with --first-update as the first update; once every such check ' +
          'passes again it posts --last-update as a RESOLVED update. It opens no new incident within --cooldown of the last one it opened.\n\n' +
          `--component NAME=IMPACT (repeat it, or separate with commas): a component of the page (a name, any case, or its start; or an id) ` +
          `and its impact: ${IMPACT_CHOICES.join(', ')} (or the API's names, such as PARTIAL_OUTAGE). --tag (repeat it, or commas): the tags. ` +
          'The updates notify subscribers unless --no-notify; --disabled makes a rule that does nothing until it is enabled.\n\n' +
          'Prints the rule made (piped: label<TAB>value lines); -o json: the rule as the API answered. --dry-run reads the page and prints the request.',
      )
      .argument('<page>', PAGE_HELP)
      .option('--name <name>', 'the name of the rule, and of the incidents it opens')
      .option('--tag <tag>', 'a failing check carrying this tag opens the incident (repeat, or separate with commas)', collect)
      .option('--component <name=impact>', `a component the incident impacts, and how: ${IMPACT_CHOICES.join(', ')} (repeat)`, collect)
      .option('--first-update <text>', 'the text of the update that opens the incident')
      .option('--last-update <text>', 'the text of the RESOLVED update posted once every such check passes again')
      .option('--cooldown <time>', 'no new incident within this time of the last one it opened: 5m (the default), 2h, 0')
      .option('--no-notify', "the incident's updates notify nobody (default: they notify the page's subscribers)")
      .option('--disabled', 'make the rule disabled: it opens nothing until enabled (automation-rules edit --enabled)')
      .option('--dry-run', 'print the request (method, path, JSON body) instead of sending it')
      .action((page, options, command) => run(Context.fromCommand(command), page, options as CreateOptions)),
    [
      "statusctl automation-rules create acme-platform --name 'Search is failing' --tag search --component 'REST API=partial' " +
        "--component dashboard=degraded --first-update 'Search requests fail; we are looking into it.' --last-update 'Search works again.' --dry-run",
      "statusctl rules create acme-platform --name 'Login down' --tag login,sso --component 'login=major' --first-update 'Logins fail.' " +
        "--last-update 'Logins work again.' --cooldown 1h --no-notify --dry-run -o json",
    ],
  );
  valueKinds(rules, 'create', { page: 'status-page' });
}

export async function run(ctx: Context, given: string, options: CreateOptions): Promise<void> {
  checkGiven(options);
  const impacts = ruleComponentImpacts(options.component!);
  const cooldown = options.cooldown === undefined ? undefined : cooldownMinutes(options.cooldown);
  const client = await ctx.client();
  const page = await pageComponents(client, await findV3Page(client, given, 'automation-rules create'));
  const input = {
    params: { statusPageId: page.page.id },
    body: {
      name: options.name!.trim(),
      enabled: options.disabled !== true,
      firstUpdate: options.firstUpdate!,
      lastUpdate: options.lastUpdate!,
      notifySubscribers: options.notify,
      ...(cooldown === undefined ? {} : { coolDownWindowMinutes: cooldown }),
      tags: [...new Set(options.tag!)],
      components: ruleComponents(page, impacts),
    },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('createV3AutomationRule', input));
  }
  const rule = await client.createV3AutomationRule(input);
  if (ctx.json) return ctx.printJson(rule);
  ctx.out(await renderRecord(ctx, AUTOMATION_RULE, shownOn(page, rule), 'Created automation rule'));
}
