// `automation-rules edit RULE...`: change automation rules of V3 pages. The API's PUT replaces
// a rule (a field left out takes its default), so each is read and sent whole with only the given
// options changed (verbs/write.ts: one result line per rule, the rule shown after one on a terminal).
import { usageError } from '../../errors/exit-codes.js';
import { IMPACT_CHOICES } from '../../input/impacts.js';
import { resolveComponents } from '../../lookup/v3-incidents.js';
import { collect } from '../../runtime/command-kit.js';
import { type BulkOptions, bulkWriteVerb } from '../../verbs/write.js';
import { AUTOMATION_RULE, type ShownRule } from '../../views/automation-rule.js';
import { bodyOf, cooldownMinutes, type RuleBody, ruleComponentImpacts } from './create.js';
import { findRule } from './get.js';

interface EditOptions extends BulkOptions {
  name?: string;
  tag?: string[];
  addTag?: string[];
  removeTag?: string[];
  component?: string[];
  firstUpdate?: string;
  lastUpdate?: string;
  cooldown?: string;
  notify?: boolean;
  enabled?: boolean;
  disabled?: boolean;
}

const CHANGES = [
  'name',
  'tag',
  'addTag',
  'removeTag',
  'component',
  'firstUpdate',
  'lastUpdate',
  'cooldown',
  'notify',
  'enabled',
  'disabled',
] as const;

/** Before any request: something to change, and no option that undoes another. */
function checkOptions(options: EditOptions): void {
  if (CHANGES.every((change) => options[change] === undefined)) {
    throw usageError(
      'nothing to change: give at least one of --name, --tag, --add-tag, --remove-tag, --component, --first-update, --last-update, ' +
        '--cooldown, --notify, --no-notify, --enabled, --disabled',
      "e.g. statusctl automation-rules edit 'Checkout is failing' --cooldown 30m",
    );
  }
  if (options.enabled && options.disabled)
    throw usageError('--enabled and --disabled: give one of them', 'leave out the one you do not mean');
  for (const [flag, value] of [
    ['--name', options.name],
    ['--first-update', options.firstUpdate],
    ['--last-update', options.lastUpdate],
  ] as const) {
    if (value !== undefined && value.trim() === '')
      throw usageError(`${flag}: expected a text, got an empty one`, `give ${flag} a text, or leave it out to keep the rule's`);
  }
  if (options.cooldown !== undefined) cooldownMinutes(options.cooldown);
  if (options.component) ruleComponentImpacts(options.component, true);
}

/** The rule's tags after --tag (replaces them), --add-tag and --remove-tag; at least one stays. */
function tagsAfter(shown: ShownRule, options: EditOptions): string[] {
  const removed = new Set((options.removeTag ?? []).map((tag) => tag.toLowerCase()));
  const tags = [...new Set([...(options.tag ?? shown.rule.tags), ...(options.addTag ?? [])])].filter(
    (tag) => !removed.has(tag.toLowerCase()),
  );
  if (tags.length === 0) {
    throw usageError(
      `--remove-tag: rule ${shown.rule.name} would have no tag left; a rule needs at least one`,
      'give the tags it should have with --tag, or keep one',
    );
  }
  return tags;
}

/** The rule's components after --component NAME=IMPACT (added or changed; =operational takes one out). */
function componentsAfter(shown: ShownRule, given: readonly string[] | undefined): RuleBody['components'] {
  const kept = bodyOf(shown.rule).components ?? [];
  if (!given?.length) return kept;
  const changes = resolveComponents(shown.page, shown.components, ruleComponentImpacts(given, true), 'PARTIAL_OUTAGE');
  const after = new Map(kept.map((each) => [each.componentId, each.targetImpact]));
  for (const { componentId, status } of changes) {
    if (status === 'OPERATIONAL') after.delete(componentId);
    else after.set(componentId, status);
  }
  return [...after].map(([componentId, targetImpact]) => ({ componentId, targetImpact }));
}

function request(shown: ShownRule, options: EditOptions) {
  checkOptions(options);
  const kept = bodyOf(shown.rule);
  const body: RuleBody = {
    ...kept,
    ...(options.name === undefined ? {} : { name: options.name.trim() }),
    ...(options.firstUpdate === undefined ? {} : { firstUpdate: options.firstUpdate }),
    ...(options.lastUpdate === undefined ? {} : { lastUpdate: options.lastUpdate }),
    ...(options.cooldown === undefined ? {} : { coolDownWindowMinutes: cooldownMinutes(options.cooldown) }),
    ...(options.notify === undefined ? {} : { notifySubscribers: options.notify }),
    ...(options.enabled ? { enabled: true } : options.disabled ? { enabled: false } : {}),
    tags: tagsAfter(shown, options),
    components: componentsAfter(shown, options.component),
  };
  return { params: { statusPageId: shown.page.id, ruleId: shown.rule.id }, body };
}

export const { declare, run } = bulkWriteVerb<ShownRule, EditOptions>(AUTOMATION_RULE, {
  name: 'edit',
  description:
    "Change automation rules of V3 status pages: each is read and sent whole with only the options given changed (the API's PUT " +
    'replaces a rule). --tag gives the tags anew (repeat it, or commas); --add-tag and --remove-tag change some. --component ' +
    `NAME=IMPACT adds a component or changes its impact (${IMPACT_CHOICES.join(', ')}); NAME=operational takes it out of the rule.\n\n` +
    'RULE is an id (or its first 6 or more characters), a name (any case, or its start) or PAGE/NAME. ' +
    'Prints one line per rule: RULE, outcome, name (on a terminal one is shown after its line); -o json: an array of ' +
    '{id, ok, status, error, rule}. --dry-run reads each and prints the request instead. Giving no change is exit 2.',
  examples: [
    "statusctl automation-rules edit 'Checkout is failing' --cooldown 30m --dry-run",
    "statusctl automation-rules edit 'acme-platform/checkout is failing' --add-tag payments --component 'login=degraded' --dry-run -o json",
  ],
  ids: 'id, name or PAGE/NAME of each automation rule, or - to read them from stdin',
  words: {
    dryRun: 'read each rule and print the request (method, path, JSON body) instead of sending it',
    several: 'rules',
    one: 'that rule',
  },
  options: (command) =>
    command
      .option('--name <name>', 'its new name (and that of the incidents it opens from now on)')
      .option('--tag <tag>', 'its tags, anew (repeat, or separate with commas)', collect)
      .option('--add-tag <tag>', 'add a tag (repeat, or commas)', collect)
      .option('--remove-tag <tag>', 'take a tag out (repeat, or commas)', collect)
      .option('--component <name=impact>', 'add a component or change its impact; NAME=operational takes it out (repeat)', collect)
      .option('--first-update <text>', 'the text of the update that opens the incident')
      .option('--last-update <text>', 'the text of the RESOLVED update')
      .option('--cooldown <time>', 'no new incident within this time of the last one: 5m, 2h, 0')
      .option('--notify', "the incident's updates notify the page's subscribers")
      .option('--no-notify', "the incident's updates notify nobody")
      .option('--enabled', 'enable the rule')
      .option('--disabled', 'disable the rule: it opens nothing until enabled')
      .hook('preAction', (self) => checkOptions(self.opts() as unknown as EditOptions)),
  failed: { rule: null },
  async plan(reader, given, options) {
    const { planRequest, plannedOutcome } = await import('../../api/dry-run.js');
    const shown = await findRule(reader, given);
    return plannedOutcome('would-edit', await planRequest('updateV3AutomationRule', request(shown, options)), 200, shown.rule.name);
  },
  async write(client, given, options) {
    const shown = await findRule(client, given);
    const { status, body } = await client.call('updateV3AutomationRule', request(shown, options));
    return { outcome: 'edited', status, reason: body.name, fields: { rule: body }, item: { ...shown, rule: body } };
  },
});
