// What the V3 automation rules do when a check's result is recorded
// (docs/api-rules.md#v3-automation-rules): a check with one of an enabled rule's tags that starts
// failing opens the rule's incident, unless the rule has one open or opened its last within its
// cool-down; once every check with one of its tags passes again, the rule resolves its incident.
// A maintenance in progress with suppressAutoIncidents keeps its components out of a new incident
// (maintenance-reach.ts): a rule left with none opens nothing.
// Run before the result's answer is sent, so the rule's incidentId is set by then.
import type { V3AutomationRule } from '../contract/schemas.js';
import { dateOnly, isoUtc } from './dates.js';
import type { AppContext } from './handlers/types.js';
import { suppressedOn } from './maintenance-reach.js';
import type { AccountStore } from './store.js';
import type { Check } from './store/checks.js';
import type { HeldV3Rule, V3AutomationRuleFired } from './store/v3-automation-rules.js';
import type { V3IncidentCreated, V3IncidentUpdateAdded } from './store/v3-incidents.js';
import { openWindows } from './v3-impacts.js';
import { notifyV3Subscribers } from './v3-notifications.js';

const MINUTE_MS = 60_000;

function isFailing(store: AccountStore, checkId: string): boolean {
  return store.records.checks.latest(checkId)?.result.hasFailures === true;
}

function carriesATag(check: Check, rule: V3AutomationRule): boolean {
  return check.tags.some((tag) => rule.tags.includes(tag));
}

/** The rule's incident while it is open (not resolved, not deleted). */
function openIncidentOf(store: AccountStore, rule: V3AutomationRule): string | undefined {
  if (rule.incidentId === null) return undefined;
  const incident = store.records.v3Incidents.get(rule.statusPageId, rule.incidentId);
  return incident && incident.lastUpdateStatus !== 'RESOLVED' ? incident.id : undefined;
}

function coolingDown(held: HeldV3Rule, now: number): boolean {
  return held.lastOpenedAt !== null && now - Date.parse(held.lastOpenedAt) < held.rule.coolDownWindowMinutes * MINUTE_MS;
}

function open(store: AccountStore, app: AppContext, rule: V3AutomationRule, now: number): void {
  const at = isoUtc(now);
  const day = dateOnly(now);
  // A component deleted since the rule was written is left out, and one under a maintenance that suppresses automatic incidents.
  const components = store.records.v3Components.idsOfPage(rule.statusPageId);
  const existing = rule.components.filter((component) => components.has(component.componentId));
  const suppressed = suppressedOn(store, rule.statusPageId);
  const kept = existing.filter((component) => !suppressed.has(component.componentId));
  if (existing.length > 0 && kept.length === 0) return;
  const impacts = kept.map((component) => ({ componentId: component.componentId, status: component.targetImpact }));
  const incidentId = app.newId();
  const incident = store.commit<V3IncidentCreated>({
    kind: 'v3IncidentCreated',
    incident: {
      id: incidentId,
      statusPageId: rule.statusPageId,
      name: rule.name,
      componentImpacts: openWindows(impacts, at),
      incidentUpdates: [
        {
          id: app.newId(),
          description: rule.firstUpdate,
          status: 'INVESTIGATING',
          publicIncidentUpdateDate: at,
          notifySubscribers: rule.notifySubscribers,
          created_at: day,
        },
      ],
      created_at: day,
      updated_at: day,
    },
  });
  store.commit<V3AutomationRuleFired>({ kind: 'v3AutomationRuleFired', ruleId: rule.id, incidentId, at });
  if (rule.notifySubscribers) notifyV3Subscribers(store, app, incident, incident.incidentUpdates[0]!);
}

function resolve(store: AccountStore, app: AppContext, rule: V3AutomationRule, incidentId: string, now: number): void {
  const day = dateOnly(now);
  const update = store.commit<V3IncidentUpdateAdded>({
    kind: 'v3IncidentUpdateAdded',
    incidentId,
    update: {
      id: app.newId(),
      description: rule.lastUpdate,
      status: 'RESOLVED',
      publicIncidentUpdateDate: isoUtc(now),
      notifySubscribers: rule.notifySubscribers,
      created_at: day,
    },
    today: day,
  });
  const incident = store.records.v3Incidents.get(rule.statusPageId, incidentId);
  if (rule.notifySubscribers && incident) notifyV3Subscribers(store, app, incident, update);
}

/** After a result of `check` is recorded; `wasFailing`: whether its latest result failed before this one. */
export function runAutomationRules(store: AccountStore, app: AppContext, check: Check, wasFailing: boolean): void {
  const failing = isFailing(store, check.id);
  if (failing === wasFailing && failing) return;
  const now = app.now();
  for (const held of [...store.records.v3AutomationRules.rules()]) {
    const { rule } = held;
    if (!rule.enabled || !carriesATag(check, rule)) continue;
    const openIncident = openIncidentOf(store, rule);
    if (failing) {
      if (openIncident === undefined && !coolingDown(held, now)) open(store, app, rule, now);
      continue;
    }
    if (openIncident === undefined) continue;
    let allPass = true;
    for (const other of store.records.checks.checks()) if (carriesATag(other, rule) && isFailing(store, other.id)) allPass = false;
    if (allPass) resolve(store, app, rule, openIncident, now);
  }
}
