// `incidents delete`: removes incidents with their updates, for a test incident declared by
// mistake, on either kind of status page. Each id is read first (on whichever kind holds it:
// lookup/v3-incidents.ts), so what goes is shown (and asked about on a terminal) by name,
// severity (a V3 incident's worst impact) and number of updates (verbs/delete.ts).
import type { Incident } from '../../api/types.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { findIncident, shownIncident } from '../../lookup/v3-incidents.js';
import { deleteVerb } from '../../verbs/delete.js';
import { INCIDENT } from '../../views/incident.js';

/** `Checkout errors (MAJOR, 3 updates)`: what goes with an incident. */
export function describeIncident(incident: Incident): string {
  const count = incident.incidentUpdates?.length ?? 0;
  return `${incident.name} (${incident.severity}, ${count} update${count === 1 ? '' : 's'})`;
}

export const { declare, run } = deleteVerb(INCIDENT, {
  description:
    'Delete incidents and their updates, of either kind of status page; status pages stop showing them.\n\n' +
    'Each incident is read first. On a terminal, the command shows what goes (name, severity, number of ' +
    'updates) and asks; not on a terminal, --yes is required (exit 2 otherwise, nothing deleted). ' +
    '--dry-run reads each as the real run does and prints the same lines, with the outcome it would have ' +
    '(would-delete, not-found, ...) and the request; -o json adds method, path and body to each entry; nothing is sent.\n\n' +
    'Prints one line per id, in the order given, for one id as for several: ID, outcome (deleted, ' +
    'not-found, ...), the incident (name, severity, updates), tab-separated; -o json gives an array of ' +
    '{id, ok, status, error}; the exit code is that of the worst outcome (4 when some ids are unknown). ' +
    'Ids may come from stdin with - (one per line; blank lines and # comments skipped). Under a rate limit ' +
    'the requests pace themselves: a 429 pauses them all until its Retry-After, fewer are sent at once for ' +
    'a while, and a 429 is retried until --max-wait has passed.',
  examples: [
    'statusctl incidents delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --dry-run',
    'statusctl incidents create --name "Test incident" --severity minor --service "Web App" --yes --jq .id | statusctl incidents delete - --yes',
    "statusctl incidents list --status resolved --all --jq '.entries[].id' | statusctl incidents delete - --dry-run -o json",
    'statusctl incidents delete 198adc26-c9b0-5700-8732-352788b2eefd --dry-run   # an incident of a V3 page',
  ],
  ids: `incident ids (or their first ${MIN_PREFIX} or more characters), or - to read them from stdin`,
  words: { dryRun: 'read each incident and print the requests (method, path) instead of sending them' },
  async open(ctx) {
    return {
      // A prefix is found in the lists (the v2 one holds the incident whole), read once for every id.
      async find(given, found) {
        const incident = shownIncident(await findIncident(ctx, given));
        found(incident.id);
        return incident;
      },
      describe: describeIncident,
      // A V3 incident, as shown, keeps its page's id beside its own.
      request: (incident) => {
        const { statusPageId } = incident as Incident & { statusPageId?: string };
        return statusPageId
          ? ['deleteV3Incident', { params: { statusPageId, incidentId: incident.id } }]
          : ['deleteIncident', { params: { incidentId: incident.id } }];
      },
      question: (count) => (count === 1 ? 'Delete this incident and its updates?' : `Delete these ${count} incidents and their updates?`),
    };
  },
});
