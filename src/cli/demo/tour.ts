// The demo's tour: every command against a fresh reference server, in the order an on-call
// engineer would use them. Ids for later steps are read through the client, so the tour does
// not depend on how a command formats its output.
import { randomUUID } from 'node:crypto';
import type { Client } from '../../client/index.js';
import type { ErrorGroup } from '../../contract/schemas.js';
import type { Context } from '../runtime/context.js';
import type { DemoRunner } from './runner.js';

const HOUR_MS = 3_600_000;

/** How the tour shows what it made through the client: as the command that shows it prints it. */
export interface TourRenderers {
  renderErrorGroup: (ctx: Context, group: ErrorGroup) => Promise<string>;
}

export async function tour(ctx: Context, demo: DemoRunner, client: Client, { renderErrorGroup }: TourRenderers): Promise<void> {
  demo.say(
    'Log in. Not on a terminal, login takes the base URL, key and account from STATUSCTL_* variables. ' +
      "A key is normally saved in the OS keyring; the demo's throw-away key goes to its temporary config file",
  );
  await demo.run(['login', '--insecure-storage']);
  await demo.run(['config', 'list']);

  demo.say('Which runtimes can checks use?');
  await demo.run(['runtimes', 'list']);
  const [newest] = await client.listRuntimes({});
  if (newest) {
    demo.say(`What runtime ${newest.name} includes`);
    await demo.run(['runtimes', 'get', newest.name]);
  }

  demo.say('The status pages of the account, with their services');
  await demo.run(['status-pages', 'list']);
  const pages = await client.listStatusPages({ query: { limit: '100' } });
  const page = pages.entries.find((entry) => entry.cards.some((card) => card.services.length > 0));
  const service = page?.cards.flatMap((card) => card.services)[0];
  if (!page || !service) throw new Error('the demo data has no service to declare an incident on');
  demo.say(`The services of "${page.name}", and who its updates notify`);
  await demo.run(['services', 'list', '--status-page', page.name]);
  await demo.run(['subscriptions', 'list', page.name]);

  demo.say(`Preview an incident on every service of the status page "${page.name}": --dry-run prints the request, sends nothing`);
  await demo.run(['incidents', 'create', '--name', 'Everything is slow', '--severity', 'MINOR', '--status-page', page.name, '--dry-run']);

  const name = `Checkout API returns 502 errors`;
  demo.say(`Declare an incident on the service "${service.name}", named as the status page shows it`);
  await demo.run([
    'incidents',
    'create',
    '--name',
    name,
    '--severity',
    'MAJOR',
    '--service',
    service.name,
    '--message',
    'We are investigating elevated 502 errors on checkout.',
    '--yes',
  ]);
  const incidents = await client.listIncidents({ query: { limit: '100' } });
  const incident = incidents.entries.find((entry) => entry.name === name);
  if (!incident) throw new Error('the incident just created is not in the list');

  demo.say('Post an update, read it back, then correct it');
  const firstMessage = 'A deploy of the payments service is the likely cause; rolling it back.';
  await demo.run(['incident-updates', 'add', incident.id, '--message', firstMessage, '--status', 'IDENTIFIED']);
  const withUpdate = await client.getIncident({ params: { incidentId: incident.id } });
  const update = withUpdate.incidentUpdates.find((entry) => entry.description === firstMessage);
  if (!update) throw new Error('the update just added is not on the incident');
  await demo.run(['incident-updates', 'get', incident.id, update.id]);
  await demo.run([
    'incident-updates',
    'put',
    incident.id,
    update.id,
    '--message',
    'Cause identified: payments-api 4.2.1 drops connections; rolling back to 4.2.0.',
    '--status',
    'IDENTIFIED',
  ]);
  await demo.run(['incidents', 'get', incident.id]);

  demo.say('Resolve it, and see it in the list');
  await demo.run(['incidents', 'resolve', incident.id, '--message', 'Rolled back; checkout is healthy again.']);
  await demo.run(['incidents', 'list', '--limit', '5']);

  const checkId = randomUUID();
  demo.say('A check run reports an error (reference server only: POST /_reference/error-events)');
  const group = await client.recordErrorEvent({
    body: {
      checkId,
      rawErrorMessage: `Error: Timeout of 30000ms exceeded waiting for https://shop.example.com/api/checkout?session=${randomUUID()}`,
    },
  });
  demo.show(await renderErrorGroup(ctx, group));

  demo.say('Ask for a root cause analysis and wait for it');
  await demo.run(['rca', 'request', group.id, '--context', 'Started right after the 14:00 deploy', '--wait']);

  demo.say('Another error; request an analysis without waiting, and look at it while it is still pending');
  const second = await client.recordErrorEvent({
    body: { checkId, rawErrorMessage: 'Error: connect ECONNREFUSED 10.0.3.17:5432' },
  });
  demo.show(await renderErrorGroup(ctx, second));
  const requested = await demo.run(['rca', 'request', second.id]);
  // One line per group: the group, `requested`, the analysis id.
  const analysisId = requested.stdout.trim().split('\t')[2]!;
  await demo.run(['rca', 'get', analysisId]);

  demo.say('Archive the first group until it happens again, the second for ever, then bring the second back');
  await demo.run(['error-groups', 'archive', group.id]);
  await demo.run(['error-groups', 'archive', second.id, '--forever']);
  await demo.run(['error-groups', 'unarchive', second.id]);
  demo.say("The check's error groups, newest first: their ids can be piped into error-groups archive - or rca request -");
  await demo.run(['error-groups', 'list', '--check', checkId]);

  const heartbeat = randomUUID();
  demo.say('A heartbeat check pings every hour for two days (reference server only: POST /_reference/heartbeats/{checkId}/events)');
  const now = Date.now();
  let late = 0;
  for (let hoursAgo = 47; hoursAgo >= 0; hoursAgo--) {
    // Two bad pings in the last 24 hours, none before: availability drops from 100% to 91.67%.
    const state = hoursAgo === 5 ? 'LATE' : hoursAgo === 3 ? 'FAILING' : 'RECEIVED';
    if (state !== 'RECEIVED') late++;
    await client.recordHeartbeatEvent({
      params: { checkId: heartbeat },
      body: { state, timestamp: new Date(now - hoursAgo * HOUR_MS - HOUR_MS / 2).toISOString() },
    });
  }
  demo.show(`recorded 48 pings, ${late} of them late or failing, all in the last 24 hours`);
  await demo.run(['heartbeats', 'availability', heartbeat]);
  demo.say('The pings behind that figure, newest first');
  await demo.run(['heartbeats', 'events', heartbeat, '--limit', '5']);

  demo.say('The same in a CI job: below --fail-under, exit code 5');
  await demo.run(['heartbeats', 'availability', heartbeat, '--fail-under', '99'], 5);

  demo.say('Log out: the key is removed from the profile');
  // Without the variable the tour logged in with: the profile is then all there is.
  await demo.run(['logout'], 0, ['STATUSCTL_API_KEY']);

  demo.say(
    `The status page "${page.name}" as its visitors see it, with the incidents above: its address (on a desktop terminal, ` +
      'status-pages open also opens it in the browser; `statusctl server` serves it after the demo)',
  );
  await demo.run(['status-pages', 'open', page.name]);
}
