// A V3 status page's automation rules (docs/api-rules.md#v3-automation-rules): created and
// replaced whole (a field left out takes its default, the components are replaced), each
// component the page's and named once. What a rule does when checks fail is automation-rules.ts's.
import type { V3AutomationRule } from '../../contract/schemas.js';
import { DEFAULT_COOL_DOWN_MINUTES } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { HeldV3Rule, V3AutomationRuleAdded, V3AutomationRuleRemoved, V3AutomationRuleReplaced } from '../store/v3-automation-rules.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, listBody } from './pagination.js';
import type { AppContext, Handler, HandlerRequest } from './types.js';
import { requireV3Page } from './v3-subscribers.js';

const CURSOR = 'v3rules';

type Input = HandlerRequest<'createV3AutomationRule'>['body'];

function requireRule(store: AccountStore, statusPageId: string, ruleId: string): HeldV3Rule {
  requireV3Page(store, statusPageId);
  const held = store.records.v3AutomationRules.find(statusPageId, ruleId);
  if (!held) throw notFound('automation rule', ruleId);
  return held;
}

/** The rule a body makes: its components checked against the page's; a component kept keeps its id. */
function ruleOf(store: AccountStore, app: AppContext, statusPageId: string, body: Input, before?: V3AutomationRule): V3AutomationRule {
  const known = store.records.v3Components.idsOfPage(statusPageId);
  const seen = new Map<string, number>();
  const components = (body.components ?? []).map((component, index) => {
    if (!known.has(component.componentId))
      throw badField(`components[${index}].componentId`, `no component ${component.componentId} on this status page`);
    const first = seen.get(component.componentId);
    if (first !== undefined) throw badField(`components[${index}].componentId`, `component named twice: also components[${first}]`);
    seen.set(component.componentId, index);
    const kept = before?.components.find((each) => each.componentId === component.componentId);
    return { componentId: component.componentId, targetImpact: component.targetImpact, id: kept?.id ?? app.newId() };
  });
  const today = dateOnly(app.now());
  return {
    name: body.name,
    enabled: body.enabled ?? true,
    firstUpdate: body.firstUpdate,
    lastUpdate: body.lastUpdate,
    notifySubscribers: body.notifySubscribers ?? true,
    coolDownWindowMinutes: body.coolDownWindowMinutes ?? DEFAULT_COOL_DOWN_MINUTES,
    tags: [...new Set(body.tags)],
    id: before?.id ?? app.newId(),
    statusPageId,
    incidentId: before?.incidentId ?? null,
    components,
    created_at: before?.created_at ?? today,
    updated_at: today,
  };
}

export const listV3AutomationRules: Handler<'listV3AutomationRules'> = ({ params, query, account: { store } }) => {
  const part = store.records.v3AutomationRules;
  // The query is checked before the page is looked up: a bad cursor is a 400 (docs/api-rules.md#errors).
  const before = query.nextId === undefined ? undefined : decodeCursor(CURSOR, query.nextId, part.count);
  requireV3Page(store, params.statusPageId);
  return { status: 200, body: listBody(CURSOR, part.ofPage(params.statusPageId, query.limit ?? DEFAULT_PAGE_SIZE, before)) };
};

export const createV3AutomationRule: Handler<'createV3AutomationRule'> = ({ params, body, account: { store }, app }) => {
  requireV3Page(store, params.statusPageId);
  const rule = ruleOf(store, app, params.statusPageId, body);
  return { status: 201, body: store.commit<V3AutomationRuleAdded>({ kind: 'v3AutomationRuleAdded', rule }) };
};

export const getV3AutomationRule: Handler<'getV3AutomationRule'> = ({ params, account: { store } }) => ({
  status: 200,
  body: requireRule(store, params.statusPageId, params.ruleId).rule,
});

export const updateV3AutomationRule: Handler<'updateV3AutomationRule'> = ({ params, body, account: { store }, app }) => {
  const held = requireRule(store, params.statusPageId, params.ruleId);
  const rule = ruleOf(store, app, params.statusPageId, body, held.rule);
  return { status: 200, body: store.commit<V3AutomationRuleReplaced>({ kind: 'v3AutomationRuleReplaced', rule }) };
};

/** The incident the rule opened stays. */
export const deleteV3AutomationRule: Handler<'deleteV3AutomationRule'> = ({ params, account: { store } }) => {
  requireRule(store, params.statusPageId, params.ruleId);
  store.commit<V3AutomationRuleRemoved>({ kind: 'v3AutomationRuleRemoved', ruleId: params.ruleId });
  return { status: 204, body: null };
};
