// The automation rules of a V3 status page: a failing check with one of a rule's tags opens an
// incident on the page, and the rule resolves it once every such check passes again.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';
import { EXAMPLE_COMPONENT_ID } from './v3-incidents.js';

const V3_PAGE = { statusPageId: 'id of the V3 status page (list_v3_status_pages)' };
const RULE_IDS = { ...V3_PAGE, ruleId: 'id of the automation rule (list_v3_automation_rules)' };

const RULE_SAMPLE = {
  name: 'Checkout is failing',
  enabled: true,
  firstUpdate: 'Our checks see checkout failing; we are looking into it.',
  lastUpdate: 'Checkout works again.',
  notifySubscribers: true,
  coolDownWindowMinutes: 5,
  tags: ['checkout'],
  components: [{ componentId: EXAMPLE_COMPONENT_ID, targetImpact: 'PARTIAL_OUTAGE' }],
} as const;

/** What a rule sent shows as it was sent, in the list a lost answer is read back from. */
const RULE_MATCH = { name: 'sent', firstUpdate: 'sent', lastUpdate: 'sent', tags: 'sent' } as const;

export const v3AutomationRuleRows = define('status-pages', {
  listV3AutomationRules: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/automation-rules',
    summary: "List a V3 status page's automation rules, newest first, paginated",
    paramDescriptions: V3_PAGE,
    sample: { params: { statusPageId: EXAMPLE_ID }, query: { limit: '20' } },
    query: 'PageQuery',
    responses: { 200: 'V3AutomationRuleList' },
    tool: {
      title: 'List automation rules',
      description:
        'Lists the automation rules of a V3 status page, newest first: each opens an incident on the page when a check with one of its tags starts failing (incidentId: the incident it opened last) and resolves it when they all pass again. Paginated by nextId (limit 1 to 100, default 20). The statusPageId comes from list_v3_status_pages.',
    },
  },
  createV3AutomationRule: {
    method: 'POST',
    path: '/v3/status-pages/{statusPageId}/automation-rules',
    summary: 'Create an automation rule on a V3 status page',
    paramDescriptions: V3_PAGE,
    sample: { params: { statusPageId: EXAMPLE_ID }, body: RULE_SAMPLE },
    body: 'V3AutomationRuleInput',
    bodyRequired: true,
    responses: { 201: 'V3AutomationRule' },
    readBack: { read: 'listV3AutomationRules', noun: 'automation rule', match: RULE_MATCH },
    tool: {
      title: 'Create an automation rule',
      description:
        'Creates an automation rule on a V3 status page: when a check carrying one of its tags (at least one) starts failing, it opens an incident named after the rule with firstUpdate as its first update and its components at their targetImpact ([{"componentId": "<id from list_v3_components>", "targetImpact": "PARTIAL_OUTAGE"}]); when every such check passes again it posts lastUpdate as a RESOLVED update. coolDownWindowMinutes (0 to 1440, default 5) keeps it from opening another incident too soon; enabled false turns it off.',
    },
  },
  getV3AutomationRule: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/automation-rules/{ruleId}',
    summary: 'Retrieve one automation rule of a V3 status page',
    paramDescriptions: RULE_IDS,
    responses: { 200: 'V3AutomationRule' },
    tool: {
      title: 'Get an automation rule',
      description:
        'Retrieves one automation rule of a V3 status page, with the incident it opened last (incidentId). Both ids come from list_v3_automation_rules.',
    },
  },
  updateV3AutomationRule: {
    method: 'PUT',
    path: '/v3/status-pages/{statusPageId}/automation-rules/{ruleId}',
    summary: 'Replace an automation rule of a V3 status page',
    paramDescriptions: RULE_IDS,
    sample: { params: { statusPageId: EXAMPLE_ID, ruleId: EXAMPLE_ID }, body: RULE_SAMPLE },
    body: 'V3AutomationRuleInput',
    bodyRequired: true,
    responses: { 200: 'V3AutomationRule' },
    tool: {
      title: 'Replace an automation rule',
      description:
        'Replaces an automation rule as create_v3_automation_rule makes one: every field is sent again (one left out takes its default) and the component list is replaced whole. The incident it opened stays. Both ids come from list_v3_automation_rules.',
      destructive: true,
    },
  },
  deleteV3AutomationRule: {
    method: 'DELETE',
    path: '/v3/status-pages/{statusPageId}/automation-rules/{ruleId}',
    summary: 'Delete an automation rule of a V3 status page; an incident it opened stays',
    paramDescriptions: RULE_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete an automation rule',
      description:
        'Deletes an automation rule of a V3 status page; an incident it opened stays as it is. Both ids come from list_v3_automation_rules.',
      destructive: true,
    },
  },
});
