// The V3 automation rules kind: each V3 status page's rules (docs/api-rules.md#v3-automation-rules),
// newest first in the page's list with cursors that keep their meaning, with when each last
// opened an incident (its cool-down counts from then). A page's rules go in the change deleting
// the page (deleteOfV3Page: store/v3-status-pages.ts tells every part that has it).
import { z } from 'zod';
import type { V3AutomationRule } from '../../contract/schemas.js';
import { DEFAULT_COOL_DOWN_MINUTES, V3TargetImpact } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { Collection, collectionSnapshot, type Page } from './collection.js';
import { recordKind } from './kind.js';
import type { V3ComponentHolder } from './v3-components.js';

/** A rule as held: the answer's shape, and when it last opened an incident (not part of the hosted shape). */
export interface HeldV3Rule {
  readonly id: string;
  rule: V3AutomationRule;
  lastOpenedAt: string | null;
}

export interface V3AutomationRuleAdded {
  kind: 'v3AutomationRuleAdded';
  rule: V3AutomationRule;
}

/** A PUT: the whole rule as it now is. */
export interface V3AutomationRuleReplaced {
  kind: 'v3AutomationRuleReplaced';
  rule: V3AutomationRule;
}

export interface V3AutomationRuleRemoved {
  kind: 'v3AutomationRuleRemoved';
  ruleId: string;
}

/** The rule opened the incident at `at`: its incidentId, and its cool-down from then. */
export interface V3AutomationRuleFired {
  kind: 'v3AutomationRuleFired';
  ruleId: string;
  incidentId: string;
  at: string;
}

export class V3AutomationRuleRecords extends Collection<HeldV3Rule> implements V3ComponentHolder {
  /** The page's rules, newest first; `beforeSeq` is a cursor. */
  ofPage(statusPageId: string, limit: number, beforeSeq?: number): Page<V3AutomationRule> {
    const page = this.list(limit, beforeSeq, (held) => held.rule.statusPageId === statusPageId);
    return { entries: page.entries.map((held) => held.rule), lastSeq: page.lastSeq };
  }

  find(statusPageId: string, ruleId: string): HeldV3Rule | undefined {
    const held = this.get(ruleId);
    // Another page's rule is not found on this one: the path names both.
    return held?.rule.statusPageId === statusPageId ? held : undefined;
  }

  /** Every rule of the account, oldest first. */
  *rules(): Generator<HeldV3Rule> {
    for (const held of this.all) if (held) yield held;
  }

  added(rule: V3AutomationRule): V3AutomationRule {
    this.add({ id: rule.id, rule, lastOpenedAt: null });
    return rule;
  }

  replaced(rule: V3AutomationRule): V3AutomationRule {
    const held = this.require(rule.id);
    held.rule = rule;
    return rule;
  }

  fired(ruleId: string, incidentId: string, at: string): void {
    const held = this.require(ruleId);
    held.rule = { ...held.rule, incidentId };
    held.lastOpenedAt = at;
  }

  /**
   * One of the page's components is deleted (store/v3-components.ts, V3ComponentHolder): it
   * leaves the rules naming it. A rule left without components keeps working as one written
   * without any: its incidents impact no component.
   */
  v3ComponentDeleted(statusPageId: string, componentId: string, today: string): void {
    for (const held of this.all) {
      if (held?.rule.statusPageId !== statusPageId || !held.rule.components.some((each) => each.componentId === componentId)) continue;
      const components = held.rule.components.filter((each) => each.componentId !== componentId);
      held.rule = { ...held.rule, components, updated_at: today };
    }
  }

  /** The page is deleted: its rules go with it (their incidents go with the page too). */
  deleteOfV3Page(statusPageId: string): void {
    for (const held of this.all) if (held?.rule.statusPageId === statusPageId) this.delete(held.id);
  }

  private require(ruleId: string): HeldV3Rule {
    const held = this.get(ruleId);
    if (!held) throw new Error(`unknown automation rule ${ruleId}`);
    return held;
  }
}

export const V3AutomationRuleFixture = z.strictObject({
  id: Id.optional(),
  /** The key of a V3 page of the file. */
  statusPage: Id,
  name: Text.max(255),
  enabled: z.boolean().optional(),
  firstUpdate: Text,
  lastUpdate: Text,
  notifySubscribers: z.boolean().optional(),
  coolDownWindowMinutes: z.number().int().min(0).max(1440).optional(),
  tags: z.array(Text).min(1),
  /** Keys of the page's components. */
  components: z.array(z.strictObject({ component: Id, targetImpact: V3TargetImpact })).optional(),
  createdAt: FixtureTime.optional(),
});

const snapshot = collectionSnapshot<HeldV3Rule>()('v3AutomationRule');

export const v3AutomationRules = recordKind({
  name: 'v3AutomationRules',
  make: () => new V3AutomationRuleRecords(),
  changes: {
    v3AutomationRuleAdded: (part, change: V3AutomationRuleAdded) => part.added(change.rule),
    v3AutomationRuleReplaced: (part, change: V3AutomationRuleReplaced) => part.replaced(change.rule),
    v3AutomationRuleRemoved: (part, change: V3AutomationRuleRemoved) => void part.delete(change.ruleId),
    v3AutomationRuleFired: (part, change: V3AutomationRuleFired) => part.fired(change.ruleId, change.incidentId, change.at),
  },
  snapshot: {
    write: (part: V3AutomationRuleRecords) => snapshot.write(part),
    restore: {
      v3AutomationRule: (part: V3AutomationRuleRecords, entry: { kind: 'v3AutomationRule'; record: HeldV3Rule }) =>
        void part.add(entry.record),
      v3AutomationRuleDeleted: (part: V3AutomationRuleRecords, _entry: { kind: 'v3AutomationRuleDeleted' }) => part.addDeleted(),
    },
  },
  fixtures: {
    field: 'v3AutomationRules',
    item: V3AutomationRuleFixture,
    uniqueIds: true,
    load(items, { id, at, commit, createdLongAgo }) {
      for (const [index, item] of items.entries()) {
        const key = item.id ?? `${item.statusPage}/#${index}`;
        const day = item.createdAt === undefined ? createdLongAgo : dateOnly(at(item.createdAt));
        commit<V3AutomationRuleAdded>({
          kind: 'v3AutomationRuleAdded',
          rule: {
            name: item.name,
            enabled: item.enabled ?? true,
            firstUpdate: item.firstUpdate,
            lastUpdate: item.lastUpdate,
            notifySubscribers: item.notifySubscribers ?? true,
            coolDownWindowMinutes: item.coolDownWindowMinutes ?? DEFAULT_COOL_DOWN_MINUTES,
            tags: item.tags,
            id: id('v3-rule', key),
            statusPageId: id('v3-page', item.statusPage),
            incidentId: null,
            components: (item.components ?? []).map((component, place) => ({
              componentId: id('v3-component', `${item.statusPage}/${component.component}`),
              targetImpact: component.targetImpact,
              id: id('v3-rule', `${key}/#${place}`),
            })),
            created_at: day,
            updated_at: day,
          },
        });
      }
    },
  },
});
