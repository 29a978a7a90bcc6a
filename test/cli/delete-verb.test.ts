// What every delete made by verbs/delete.ts does with the ids it is given, shown on `incidents
// delete` and `subscriptions remove`: in process against the reference server.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { runCli, useTestServer } from './helpers.js';

const file = useTestServer();
const direct = () => createClient({ baseUrl: file.server.url, apiKey: file.server.account.key, accountId: file.server.account.id });

describe('a delete of several ids', () => {
  it('an empty stdin is nothing to do, without --yes too: exit 0, nothing sent', async () => {
    for (const command of [
      ['incidents', 'delete', '-'],
      ['subscriptions', 'remove', 'acme-cloud', '-'],
    ]) {
      const mark = file.server.logs.length;
      const result = await runCli(command, { env: file.server.env, input: '# nothing today\n', inProcess: true });
      expect(result.code, `${command.join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stderr).toBe('nothing to do: no ids were given\n');
      expect(file.server.logs.slice(mark)).toEqual([]);
    }
  });

  it('an id given twice is deleted once: one line, exit 0', async () => {
    // One of the demo data's incidents, as the server holds it.
    const { id } = (await direct().listIncidents({ query: { limit: '1' } })).entries[0]!;
    const incident = await direct().getIncident({ params: { incidentId: id } });
    const updates = incident.incidentUpdates.length;
    const result = await runCli(['incidents', 'delete', id, '-', '--yes'], { env: file.server.env, input: `${id}\n`, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${id}\tdeleted\t${incident.name} (${incident.severity}, ${updates} update${updates === 1 ? '' : 's'})\n`);
  });
});
