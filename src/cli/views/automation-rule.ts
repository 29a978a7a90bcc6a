// An automation rule of a V3 status page: a failing check carrying one of its tags opens an
// incident on the page, its components at their impacts. The rows of `automation-rules list`,
// the fields `automation-rules get` shows and the record create, edit and delete print.
import type { V3AutomationRule } from '../../contract/schemas.js';
import type { V3Component } from '../api/types.js';
import { IMPACT_WORDS } from '../input/impacts.js';
import { exactTimeCell, idCells, tableFormat } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** A rule as shown: with its page and the page's components, which name the rule's. */
export interface ShownRule {
  readonly rule: V3AutomationRule;
  readonly page: { readonly id: string; readonly name: string; readonly url: string };
  readonly components: readonly V3Component[];
}

/** `5m`, `2h`, `1h30m`: the cool-down as --cooldown takes it. */
export function cooldownText(minutes: number): string {
  if (minutes === 0) return '0';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours ? `${hours}h` : ''}${rest ? `${rest}m` : ''}`;
}

/**
 * The rule's components with their impacts: piped, `ID=PARTIAL_OUTAGE` separated by commas (what
 * a script can send again); on a terminal and in Markdown, `REST API=partial`.
 */
export function ruleComponentsText(ctx: View, { rule, components }: ShownRule): string {
  if (rule.components.length === 0) return '-';
  const byId = new Map(components.map((component) => [component.id, component.name]));
  if (tableFormat(ctx) === 'tsv') return rule.components.map((each) => `${each.componentId}=${each.targetImpact}`).join(',');
  return rule.components.map((each) => `${byId.get(each.componentId) ?? each.componentId}=${IMPACT_WORDS[each.targetImpact]}`).join(', ');
}

const stateCell = (ctx: View, rule: V3AutomationRule) =>
  rule.enabled ? { text: 'enabled', paint: ctx.io.style.green } : { text: 'disabled', paint: ctx.io.style.dim };

export const AUTOMATION_RULE: ResourceView<ShownRule> = {
  title: 'Automation rule',
  argument: {
    name: 'rule',
    help: 'id (or its first 6 or more characters) or name (any case, or its start) of the automation rule; PAGE/NAME says which V3 page',
    kind: 'automation-rule',
  },
  id: (shown) => shown.rule.id,
  markdownHeading: (shown, title) => `### ${title}: ${shown.rule.name}`,
  columns: [
    { header: 'id', id: true },
    'name',
    'state',
    'tags',
    'components',
    { header: 'cooldown', optional: 2 },
    { header: 'incident', optional: 1 },
  ],
  rows(ctx, items) {
    const id = idCells(items.map((shown) => shown.rule.id));
    const incident = idCells(items.flatMap((shown) => (shown.rule.incidentId ? [shown.rule.incidentId] : [])));
    return items.map((shown) => [
      id(shown.rule.id),
      shown.rule.name,
      stateCell(ctx, shown.rule),
      shown.rule.tags.join(','),
      ruleComponentsText(ctx, shown),
      cooldownText(shown.rule.coolDownWindowMinutes),
      shown.rule.incidentId ? incident(shown.rule.incidentId) : '-',
    ]);
  },
  fields: (ctx, shown) => [
    ['name', shown.rule.name],
    ['state', stateCell(ctx, shown.rule)],
    ['page', `${shown.page.name} (${shown.page.url})`],
    ['tags', shown.rule.tags.join(', ')],
    ['components', ruleComponentsText(ctx, shown)],
    ['first update', shown.rule.firstUpdate],
    ['last update', shown.rule.lastUpdate],
    ['notify', shown.rule.notifySubscribers ? 'yes' : 'no'],
    ['cooldown', cooldownText(shown.rule.coolDownWindowMinutes)],
    ['incident', shown.rule.incidentId ?? '-'],
    ['created', exactTimeCell(ctx, shown.rule.created_at)],
    ['updated', exactTimeCell(ctx, shown.rule.updated_at)],
  ],
};
