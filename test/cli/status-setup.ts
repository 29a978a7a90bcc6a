// What the tests of `statusctl status` share: a server with nothing failing, a failing check
// recorded on it, and the shape of -o json.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startTestServer, tempConfigDir, type TestServer } from './helpers.js';

export interface StatusJson {
  incidents: { id: string; name: string; statusPageId?: string }[];
  maintenances: unknown[];
  checks: { checkId: string; name: string }[];
  heartbeats: { checkId: string; availability: { successRatio: { currentPeriod: number | null } } | null }[];
  errorGroups: { id: string; firstSeen: string }[];
}

/** A server whose account holds nothing: nothing is failing there. */
export async function emptyServer(): Promise<TestServer> {
  const fixtures = join(tempConfigDir(), 'empty-fixtures.json');
  writeFileSync(fixtures, '{}');
  return startTestServer({ fixturesPath: fixtures });
}

export async function recordFailure(server: TestServer, name: string): Promise<void> {
  const result = await server.call('POST', '/_reference/check-results', {
    body: { checkId: randomUUID(), name, checkType: 'API', tags: ['status-test'], outcome: 'failed' },
  });
  expect(result.status, result.text).toBe(201);
}
