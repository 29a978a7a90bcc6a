// Shared by the client tests: a client wired to msw handlers through MswDispatcher, with every
// attempt, warning and backoff delay recorded (delays are recorded, never waited for).
import type { RequestHandler } from 'msw';
import { expect } from 'vitest';
import { ApiError, createClient, type ClientOptions, type RequestEvent } from '../../src/client/index.js';
import type { CreateIncidentInput } from '../../src/contract/schemas.js';
import { MswDispatcher } from './msw-dispatcher.js';

export const BASE_URL = 'http://api.test';
/** Long and distinctive so a leak into any message is caught by a plain substring check. */
export const API_KEY = 'sk_live_SECRET_7f3a9c2e41d84b6f';

export interface Harness {
  client: ReturnType<typeof createClient>;
  dispatcher: MswDispatcher;
  events: RequestEvent[];
  warnings: string[];
  /** Delays the client asked to wait between attempts, in ms. */
  sleeps: number[];
}

const open: MswDispatcher[] = [];

export function harness(handlers: RequestHandler[], options: Partial<ClientOptions> = {}): Harness {
  const dispatcher = new MswDispatcher(handlers);
  open.push(dispatcher);
  const events: RequestEvent[] = [];
  const warnings: string[] = [];
  const sleeps: number[] = [];
  // A clock that only the recorded sleeps move: pauses and deadlines without waiting.
  let time = 0;
  const client = createClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    dispatcher,
    onRequest: (event) => events.push(event),
    onWarning: (message) => warnings.push(message),
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
    now: () => time,
    ...options,
  });
  return { client, dispatcher, events, warnings, sleeps };
}

/** For afterEach: closes every dispatcher a test opened (and so any request still held). */
export async function closeHarnesses(): Promise<void> {
  await Promise.all(open.splice(0).map((dispatcher) => dispatcher.close()));
}

/** The ApiError a promise rejects with; fails the test if it resolves or rejects otherwise. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  );
  if (!('rejected' in outcome)) throw new Error(`expected an ApiError, got a result: ${JSON.stringify(outcome.resolved)}`);
  expect(outcome.rejected).toBeInstanceOf(ApiError);
  const error = outcome.rejected as ApiError;
  expectOneLine(error.message);
  expect(error.message).not.toContain(API_KEY);
  return error;
}

export function expectOneLine(message: string): void {
  expect(message).not.toMatch(/[\r\n]/);
  expect(message.length).toBeGreaterThan(0);
  expect(message.length).toBeLessThan(400);
}

export const runtime = {
  name: '2025.04',
  multiStepSupport: true,
  nodeJsVersion: 'v22.11.0',
  stage: 'CURRENT',
  runtimeEndOfLife: '12/31/2026',
  description: 'Node.js 22, Playwright 1.51',
  dependencies: { '@playwright/test': '1.51.1' },
};

export const service = {
  id: '3f1c4bb0-7e0a-4f43-9d0e-1c1e3c9f0a11',
  name: 'API',
  accountId: '5b7e2c14-9a3d-4f6b-8c1e-7d2a0f9b3e65',
  created_at: '2025-01-10',
};

/** A create body the hosted API accepts (upstream's IncidentService, exactly one update). */
export const newIncident: CreateIncidentInput = {
  name: 'Outage',
  severity: 'MAJOR',
  services: [{ id: service.id, name: service.name, accountId: service.accountId }],
  incidentUpdates: [{ description: 'Investigating' }],
};

export const incidentUpdate = {
  id: '6a1f8a5e-2a55-4b0e-8f44-3f4d0e4f2b22',
  description: 'Investigating elevated error rates',
  status: 'INVESTIGATING',
  publicIncidentUpdateDate: '2025-03-01T10:00:00.000Z',
  created_at: '2025-03-01',
  notifySubscribers: false,
};

export const incident = {
  id: '9b2d7c1a-5f3e-4c8b-a0d2-7e6f5a4b3c21',
  name: 'Elevated API errors',
  severity: 'MAJOR',
  services: [service],
  incidentUpdates: [incidentUpdate],
  lastUpdateStatus: 'INVESTIGATING',
  duration: null,
  created_at: '2025-03-01',
  updated_at: '2025-03-01',
};

/** An error group as upstream's ErrorGroup describes it. */
export const errorGroup = {
  id: 'grp-1',
  checkId: '0c6f1b2e-7d3a-4e5f-9a8b-1c2d3e4f5a6b',
  errorHash: 'c0ffee',
  rawErrorMessage: 'Error: timeout',
  cleanedErrorMessage: 'Error: timeout',
  firstSeen: '2025-03-01',
  lastSeen: '2025-03-02',
  archivedUntilNextEvent: true,
};
