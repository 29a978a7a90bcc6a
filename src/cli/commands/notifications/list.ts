// `notifications list`: what the reference server recorded instead of mailing subscribers, one
// notice per verified subscriber of each page showing the incident, for every update sent with
// --notify. Newest first. The hosted API has no such route: it sends the mail.
import { IncidentIds, MIN_PREFIX } from '../../lookup/short-ids.js';
import { listVerb } from '../../verbs/list.js';
import { NOTIFICATION, type Notification } from '../../views/notification.js';

export interface ListOptions {
  incident?: string;
}

export const { declare, run } = listVerb<Notification, ListOptions>(NOTIFICATION, {
  description:
    'The notices the subscribers of status pages would have received, newest first: when, to whom, for which ' +
    'incident, with the status and text of the update.\n\n' +
    'Reference server only: it records one notice per verified subscriber of each page that shows the ' +
    'incident, for each update sent with --notify, and sends nothing, so a notice can be checked before a ' +
    'real service mails it. With -o json, the server response.',
  examples: [
    'statusctl notifications list',
    'statusctl notifications list --incident 7385595c',
    "statusctl notifications list -o json --jq '.[].address'",
  ],
  options: (command) =>
    command.option('--incident <id>', `only the notices of this incident (its id, or its first ${MIN_PREFIX} or more characters)`),
  async fetch(ctx, options) {
    const client = await ctx.client();
    const incidentId = options.incident ? await new IncidentIds(() => ctx.client()).resolveId(options.incident) : undefined;
    const notices = await client.listNotifications(incidentId ? { query: { incidentId } } : {});
    return { json: notices, entries: notices, none: incidentId ? `No notifications for incident ${incidentId}.` : 'No notifications.' };
  },
});
