// A delete whose answer was lost (docs/retries.md): the client sends it again, and the repeat's
// 404 means the first one did it. In process against the reference server behind
// the fault relay of test/support/fault-relay.ts, which resets the connection once the server
// has deleted the incident: the command says deleted, exit 0, with a note on stderr.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { startFaultRelay, type FaultRelay, type RelayedRequest } from '../support/fault-relay.js';
import { runCli, useTestServer } from './helpers.js';

const file = useTestServer();
let relay: FaultRelay;
beforeAll(async () => {
  relay = await startFaultRelay(file.server.url);
});
afterAll(() => relay?.close());

const direct = () => createClient({ baseUrl: file.server.url, apiKey: file.server.account.key, accountId: file.server.account.id });

/** A fresh incident to delete, on a service of the first status page. */
async function anIncident(name: string): Promise<string> {
  const service = (await direct().listStatusPages({})).entries[0]!.cards[0]!.services[0]!;
  const incident = await direct().createIncident({
    body: {
      name,
      severity: 'MINOR',
      services: [{ id: service.id, name: service.name, accountId: service.accountId }],
      incidentUpdates: [{ description: 'To be deleted' }],
    },
  });
  return incident.id;
}

describe('incidents delete whose answer is lost', () => {
  it('reset after the server deleted it: sent again, the 404 means deleted, exit 0 with a note', async () => {
    const id = await anIncident('Deleted, answer lost');
    relay.log.length = 0;
    let faulted = false;
    relay.decide = (request: RelayedRequest) => {
      if (request.method !== 'DELETE' || faulted) return 'pass';
      faulted = true;
      return 'reset-after-apply';
    };
    const result = await runCli(['incidents', 'delete', id, '--yes'], {
      env: { ...file.server.env, STATUSCTL_BASE_URL: relay.url },
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${id}\\tdeleted\\b`, 'm'));
    expect(result.stderr).toMatch(
      new RegExp(
        `note: the answer to DELETE /v1/status-pages/incidents/${id} was lost \\(connection reset, ECONNRESET\\); sent again, it was already gone \\(404\\): the delete was done`,
      ),
    );
    expect(relay.log.filter((entry) => entry.method === 'DELETE').map((entry) => entry.fault)).toEqual(['reset-after-apply', 'pass']);
    expect(
      await direct()
        .getIncident({ params: { incidentId: id } })
        .catch((error: unknown) => error),
    ).toMatchObject({ status: 404 });
  });

  it('an incident that is not there, no answer lost: not-found, exit 4', async () => {
    const id = await anIncident('Deleted twice');
    await direct().deleteIncident({ params: { incidentId: id } });
    relay.decide = () => 'pass';
    const result = await runCli(['incidents', 'delete', id, '--yes'], {
      env: { ...file.server.env, STATUSCTL_BASE_URL: relay.url },
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).not.toContain('already gone');
  });
});
