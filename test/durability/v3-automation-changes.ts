// Every change kind of V3 subscribers and automation rules (src/server/store/v3-subscribers.ts,
// v3-automation-rules.ts), made on a store, for the snapshot and replay tests; and what of them
// a store reads.
import type { V3AutomationRule } from '../../src/contract/schemas.js';
import type { AccountStore } from '../../src/server/store.js';

const PAGE = 'p-v3-rules';

const subscriber = (id: string, address: string, subscribedComponents: string[] | null) => ({
  id,
  type: 'EMAIL' as const,
  address,
  status: 'PENDING' as const,
  subscribedComponents,
  created_at: '2025-03-10',
  updated_at: '2025-03-10',
});

const rule = (id: string, name: string): V3AutomationRule => ({
  name,
  enabled: true,
  firstUpdate: 'down',
  lastUpdate: 'up',
  notifySubscribers: false,
  coolDownWindowMinutes: 5,
  tags: ['t'],
  id,
  statusPageId: PAGE,
  incidentId: null,
  components: [{ componentId: 'c-api', targetImpact: 'MAJOR_OUTAGE', id: `${id}-c1` }],
  created_at: '2025-03-10',
  updated_at: '2025-03-10',
});

export function fillV3Automation(store: AccountStore): void {
  store.commit({
    kind: 'v3SubscribersAdded',
    statusPageId: PAGE,
    subscribers: [
      subscriber('v3-s1', 'a@example.com', null),
      subscriber('v3-s2', 'b@example.com', ['c-api']),
      subscriber('v3-s3', 'c@example.com', null),
    ],
  });
  store.commit({ kind: 'v3SubscriberRemoved', statusPageId: PAGE, subscriberId: 'v3-s2' });
  for (const [id, name] of [
    ['v3-r1', 'first'],
    ['v3-r2', 'second'],
    ['v3-r3', 'deleted'],
  ] as const)
    store.commit({ kind: 'v3AutomationRuleAdded', rule: rule(id, name) });
  store.commit({ kind: 'v3AutomationRuleReplaced', rule: { ...rule('v3-r1', 'renamed'), coolDownWindowMinutes: 0 } });
  store.commit({ kind: 'v3AutomationRuleFired', ruleId: 'v3-r2', incidentId: 'v3-i-fired', at: '2025-03-10T10:00:00.000Z' });
  store.commit({ kind: 'v3AutomationRuleRemoved', ruleId: 'v3-r3' });
}

export function v3AutomationReads(store: AccountStore) {
  const subscribers = store.records.v3Subscribers;
  const rules = store.records.v3AutomationRules;
  return {
    subscribers: [subscribers.ofPage(PAGE, 100), subscribers.ofPage(PAGE, 1), subscribers.isSubscribed(PAGE, 'C@example.com')],
    rules: [rules.ofPage(PAGE, 100), rules.ofPage(PAGE, 1), [...rules.rules()]],
  };
}
