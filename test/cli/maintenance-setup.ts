// What the maintenance write tests share: one reference server per file on a test clock that
// starts at START and moves only when a test moves it (POST /_reference/clock), the built CLI
// run against it in Europe/Berlin, and the demo's pages, services and components by name.
import { expect } from 'vitest';
import type { Maintenance, MaintenanceWindow } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';

export const START = '2030-03-01T09:00:00Z';
export const ZONE = 'Europe/Berlin';

export function maintenanceServer() {
  const test = useTestServer({ testClock: START });
  let now = Date.parse(START);
  const cli = (args: string[], input?: string) =>
    runCli(args, { env: { ...test.server.env, TZ: ZONE }, ...(input !== undefined ? { input } : {}) });
  return {
    get server() {
      return test.server;
    },
    cli,
    /** Moves the server's clock forward by `ms`; returns where it is. */
    async advance(ms: number): Promise<number> {
      now += ms;
      const moved = await test.server.call('POST', '/_reference/clock', { body: { now: new Date(now).toISOString() } });
      expect(moved.status, moved.text).toBe(200);
      return now;
    },
    now: () => now,
    /** A v2 page's id and its services' ids by name, or a V3 page's and its components'. */
    async page(url: string): Promise<{ id: string; parts: Map<string, string> }> {
      const v2 = (await test.server.call('GET', '/v1/status-pages?limit=100')).json.entries as {
        id: string;
        url: string;
        cards: { services: { id: string; name: string }[] }[];
      }[];
      const found = v2.find((page) => page.url === url);
      if (found) {
        return { id: found.id, parts: new Map(found.cards.flatMap((card) => card.services.map((s) => [s.name, s.id] as const))) };
      }
      const v3 = (await test.server.call('GET', '/v3/status-pages?limit=100')).json.entries as { id: string; url: string }[];
      const id = v3.find((page) => page.url === url)!.id;
      const components = (await test.server.call('GET', `/v3/status-pages/${id}/components?limit=100`)).json.entries as {
        id: string;
        name: string;
      }[];
      return { id, parts: new Map(components.map((component) => [component.name, component.id])) };
    },
    /** Creates a window through the CLI (-o json) and returns it. */
    async create(args: string[]): Promise<MaintenanceWindow> {
      const result = await cli(['maintenance', 'create', ...args, '-o', 'json']);
      expect(result.code, result.stderr).toBe(0);
      return parseJson<MaintenanceWindow>(result);
    },
    async occurrences(windowId: number): Promise<Maintenance[]> {
      const answer = await test.server.call('GET', `/v1/maintenance-windows/${windowId}/maintenances?limit=50`);
      expect(answer.status, answer.text).toBe(200);
      return answer.json as Maintenance[];
    },
  };
}
