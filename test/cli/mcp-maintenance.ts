// For test/cli/mcp.test.ts: the ids the maintenance tools' samples are sent to, and the calls of
// those that have no sample (the reads of one and the deletes), on windows of their own: one
// whose maintenance the PATCH moves, one whose maintenance takes the updates.
import type { TestServer } from '../support/server.js';

type Ids = Record<string, string>;

async function windowWithUpdate(server: TestServer, name: string): Promise<Ids> {
  const created = await server.call('POST', '/v1/maintenance-windows', {
    body: { name, startsAt: '2030-01-06T02:00:00Z', endsAt: '2030-01-06T04:00:00Z', repeatUnit: 'WEEK', repeatInterval: null },
  });
  const id = String(created.json?.id);
  const maintenanceId = (await server.call('GET', `/v1/maintenance-windows/${id}/maintenances`)).json?.[0]?.id as string;
  // An update keeps the maintenance through the PUT sample, which schedules the window's future again.
  const update = await server.call('POST', `/v1/maintenance-windows/${id}/maintenances/${maintenanceId}/updates`, {
    body: { status: 'SCHEDULED', description: 'Announced.' },
  });
  if (created.status !== 201 || update.status !== 201)
    throw new Error(`the maintenance for the MCP test could not be made: ${update.text}`);
  return { id, maintenanceId, updateId: update.json.id as string };
}

export async function maintenanceIds(server: TestServer): Promise<{ moved: Ids; updated: Ids }> {
  return { moved: await windowWithUpdate(server, 'MCP moved'), updated: await windowWithUpdate(server, 'MCP updated') };
}

export function maintenanceCalls({ moved, updated }: { moved: Ids; updated: Ids }): [string, Ids][] {
  return [
    ['get_maintenance_window', { id: updated.id! }],
    ['get_maintenance', { id: updated.id!, maintenanceId: updated.maintenanceId! }],
    ['delete_maintenance_update', updated],
    ['delete_maintenance', { id: moved.id!, maintenanceId: moved.maintenanceId! }],
    ['delete_maintenance_window', { id: moved.id! }],
  ];
}
