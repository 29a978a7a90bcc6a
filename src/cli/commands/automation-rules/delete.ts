// `automation-rules delete RULE...`: delete automation rules of V3 pages (verbs/delete.ts: shown
// and asked about on a terminal, --yes off one). An incident a rule opened stays as it is.
import { deleteVerb } from '../../verbs/delete.js';
import { AUTOMATION_RULE, type ShownRule } from '../../views/automation-rule.js';
import { findRule } from './get.js';

function describe({ rule, page }: ShownRule): string {
  const incident = rule.incidentId ? `; the incident it opened (${rule.incidentId}) stays` : '';
  return `${rule.name} (tags ${rule.tags.join(', ')}) on ${page.name}${incident}`;
}

export const { declare, run } = deleteVerb(AUTOMATION_RULE, {
  description:
    'Delete automation rules of V3 status pages: no failing check opens an incident through them any more. ' +
    'An incident a rule opened stays as it is (said before you are asked).\n\n' +
    'RULE is an id (or its first 6 or more characters), a name (any case, or its start) or PAGE/NAME. ' +
    'On a terminal what goes is shown and you are asked once; off a terminal --yes is required (exit 2 without it). ' +
    'One result line per rule; -o json: an array of {id, ok, status, error}. --dry-run reads each and prints the requests.',
  examples: [
    "statusctl automation-rules delete 'Checkout is failing' --dry-run",
    "statusctl rules create acme-platform --name 'Short-lived' --tag tmp --component webhooks=degraded --first-update 'Failing.' " +
      "--last-update 'Fine.' && statusctl rules delete 'acme-platform/short-lived' --yes",
  ],
  ids: 'id, name or PAGE/NAME of each automation rule, or - to read them from stdin',
  words: {
    dryRun: 'read each rule and print the request (method, path) instead of sending it',
    several: 'rules',
    one: 'that rule',
  },
  goneIsDone: true,
  async open(_ctx, client) {
    return {
      find: (given) => findRule(client, given),
      describe,
      request: ({ rule, page }) => ['deleteV3AutomationRule', { params: { statusPageId: page.id, ruleId: rule.id } }],
    };
  },
});
