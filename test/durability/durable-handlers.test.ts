// The handlers as the server wraps them with --data, on a backend whose writes fail (a journal
// on a file opened read-only: EBADF, a 503): the write is refused, and a read that arrived
// while it was being written, and so waited for it, is answered again from the rolled-back
// store. The backend here is the Durability interface over a bare journal, rolling back to a
// copy of the seeded state, as the data file rolls back to what it holds.
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../../src/server/fixtures/demo.js';
import { applyFixtures } from '../../src/server/fixtures/load.js';
import { handlers } from '../../src/server/handlers/index.js';
import type { AppContext } from '../../src/server/handlers/types.js';
import { durableHandlers } from '../../src/server/persistence/durable-handlers.js';
import type { Durability } from '../../src/server/persistence/durability.js';
import { Journal } from '../../src/server/persistence/journal.js';
import { AccountStore } from '../../src/server/store.js';
import { ACCOUNT, tempDir } from './helpers.js';

const NOW = Date.parse('2025-03-10T12:00:00Z');

describe('durable handlers on a backend that cannot write', () => {
  it('refuse the write with a 503 and answer a read that waited for it from the rolled-back store', async () => {
    const path = join(tempDir(), 'data.jsonl');
    writeFileSync(path, '');
    const fd = openSync(path, 'r');
    const onDisk = new AccountStore(ACCOUNT.id);
    applyFixtures(onDisk, DEMO_FIXTURES, { now: NOW });
    let rollbacks = 0;
    let store: AccountStore | undefined;
    const journal = new Journal(
      fd,
      path,
      () => {},
      0,
      () => NOW,
      {
        failed() {
          rollbacks++;
          store!.restoreFrom(onDisk);
        },
        written() {},
      },
    );
    const durability: Durability = {
      generatedAccounts: [],
      openAccount: () => store!,
      ready: async () => {},
      failure: () => journal.failure(),
      append: (account, change) => journal.append(JSON.stringify({ account, change })),
      get appended() {
        return journal.appended;
      },
      flush: () => journal.durable(),
      snapshot: async () => {},
      close: () => journal.close(),
    };
    // Seeded without the log, as if the file held the demo data already (objects of its own).
    const seeded = new AccountStore(ACCOUNT.id);
    applyFixtures(seeded, DEMO_FIXTURES, { now: NOW });
    store = new AccountStore(ACCOUNT.id, durability);
    store.restoreFrom(seeded);
    const wrapped = durableHandlers(handlers, durability);

    const incident = store.listIncidents(1).entries[0]!;
    const update = incident.incidentUpdates[0]!;
    const before = update.description;
    const app: AppContext = { now: () => NOW, newId: () => 'new-id', scheduleAnalysis: () => {} };
    const account = { id: ACCOUNT.id, store };
    const params = { incidentId: incident.id, incidentUpdateId: update.id };

    // In the same turn: the edit is applied and queued, then the read sees a write in flight.
    const write = wrapped.updateIncidentUpdate({ params, query: undefined, body: { description: 'Refused edit' }, account, app });
    const read = wrapped.getIncident({ params: { incidentId: incident.id }, query: undefined, body: undefined, account, app });
    expect(read).toBeInstanceOf(Promise);
    // A list page put together while the edit was applied must not outlive the rollback.
    const listed = wrapped.listIncidents({ params: {}, query: { limit: 1 }, body: undefined, account, app });

    const refused = await write;
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    const answered = await read;
    expect(answered.status).toBe(200);
    expect(rollbacks).toBe(1);
    if (answered.status === 200) expect(answered.body.incidentUpdates[0]!.description).toBe(before);
    const page = await listed;
    expect(page.status).toBe(200);
    if (page.status === 200) expect(page.body.entries[0]!.incidentUpdates[0]!.description).toBe(before);

    // While writes are refused, a write is refused before it is applied: nothing to roll back.
    const again = await wrapped.updateIncidentUpdate({ params, query: undefined, body: { description: 'Refused at once' }, account, app });
    expect(again.status).toBe(503);
    expect(store.getIncidentUpdate(incident.id, update.id)!.description).toBe(before);
    expect(rollbacks).toBe(1);
    closeSync(fd);
  });
});
