// Shared by the scheduled maintenance tests: a server on a test clock, a window made from the
// row's sample with what a test changes, and the calls each test makes.
import { sampleOf } from '../../src/contract/table.js';
import { expectSuccess, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';
import type { TestServerOptions } from '../support/server.js';

/** Where the tests' clocks start: a Friday, before New York's and Berlin's clocks go forward. */
export const CLOCK = '2026-02-20T00:00:00.000Z';
export const HOUR = 3_600_000;

export const at = (iso: string, hours = 0) => new Date(Date.parse(iso) + hours * HOUR).toISOString();

export function maintenanceServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ ...TWO_ACCOUNTS, testClock: CLOCK, ...options });
}

/** A window of the sample with these fields instead (visibility off unless given). */
export function windowBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  const sample = sampleOf('createMaintenanceWindow')!.body as Record<string, unknown>;
  return { ...sample, statusPageVisibility: { enabled: false }, ...fields };
}

export async function createWindow(server: TestServer, fields: Record<string, unknown> = {}, key?: string) {
  return expectSuccess(
    'createMaintenanceWindow',
    await server.call('POST', '/v1/maintenance-windows', { body: windowBody(fields), key }),
    201,
  );
}

export async function maintenancesOf(server: TestServer, windowId: number, query = 'limit=50', key?: string) {
  const result = await server.call('GET', `/v1/maintenance-windows/${windowId}/maintenances?${query}`, { key });
  return expectSuccess('listMaintenances', result, 200) as {
    id: string;
    startsAt: string;
    endsAt: string;
    status: string;
    updates: { id: string; status: string; description: string; created_at: string }[];
  }[];
}

export async function moveClock(server: TestServer, now: string) {
  return expectSuccess('moveClock', await server.call('POST', '/_reference/clock', { body: { now } }), 200);
}

export function postUpdate(server: TestServer, windowId: number, maintenanceId: string, status: string, description = `now ${status}`) {
  return server.call('POST', `/v1/maintenance-windows/${windowId}/maintenances/${maintenanceId}/updates`, {
    body: { status, description },
  });
}
