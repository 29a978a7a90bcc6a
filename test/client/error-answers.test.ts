// The error answers the hosted API documents, in its own shapes (message optional, the refused
// fields of a 400 in validation.keys), and bodies that are neither: each becomes an ApiError
// whose message is one clean line, whose fields are checked and bounded before anything shows
// them, and which says what the operations table declares of its status.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/table.js';
import { MAX_DETAILS } from '../../src/client/error-body.js';
import { API_KEY, BASE_URL, apiFailure, closeHarnesses, harness } from './helpers.js';

afterEach(closeHarnesses);

const GROUP = '3f2c7a10-5b1e-4c8d-9e6f-0a1b2c3d4e5f';
const ANALYSIS = `${BASE_URL}/v1/root-cause-analyses/error-groups/${GROUP}`;

describe('error answers in the hosted API’s shapes', () => {
  it('a 402 without a message: the status line alone, and the row’s word on when it is answered', async () => {
    const { client } = harness([
      http.post(ANALYSIS, () => HttpResponse.json({ statusCode: 402, error: 'Payment Required', attributes: {} }, { status: 402 })),
    ]);
    const error = await apiFailure(client.requestErrorGroupAnalysis({ params: { errorGroupId: GROUP } }));
    expect(error.message).toBe(`402 Payment Required (POST /v1/root-cause-analyses/error-groups/${GROUP})`);
    expect(error).toMatchObject({ kind: 'http', status: 402, serverMessage: undefined, details: [] });
    expect(error.operation).toEqual({
      id: 'requestErrorGroupAnalysis',
      declares: true,
      hasPathIds: true,
      when: routes.requestErrorGroupAnalysis.alsoAnswers[402],
    });
  });

  it('a 400 naming its fields in validation.keys: each is a detail, with where it was', async () => {
    const { client } = harness([
      http.get(`${BASE_URL}/v1/checks/heartbeats/not-a-uuid/events/e-1`, () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: '"checkId" must be a valid GUID',
            validation: { source: 'params', keys: ['checkId'] },
          },
          { status: 400 },
        ),
      ),
    ]);
    const error = await apiFailure(client.getHeartbeatEvent({ params: { checkId: 'not-a-uuid', id: 'e-1' } }));
    expect(error.message).toBe('400 Bad Request: "checkId" must be a valid GUID (GET /v1/checks/heartbeats/not-a-uuid/events/e-1)');
    expect(error.details).toEqual([{ path: 'checkId', message: "refused (in the request's params)" }]);
    expect(error.operation).toMatchObject({ id: 'getHeartbeatEvent', declares: true, when: undefined });
  });

  it('a 404 to a list, whose path has no id: not declared by its row', async () => {
    const { client } = harness([
      http.get(`${BASE_URL}/v1/status-pages/incidents`, () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, { status: 404 }),
      ),
    ]);
    const error = await apiFailure(client.listIncidents({}));
    expect(error.operation).toEqual({ id: 'listIncidents', declares: false, hasPathIds: false, when: undefined });
  });

  it('a 404 to creating an incident: declared by its row, which says when', async () => {
    const { client } = harness([
      http.post(`${BASE_URL}/v1/status-pages/incidents`, () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Service not found' }, { status: 404 }),
      ),
    ]);
    const service = { id: '8a0d5f8e-6b1c-4f8e-9d3a-2c7b1e0f4a51', name: 'Checkout', accountId: GROUP };
    const error = await apiFailure(
      client.createIncident({
        body: { name: 'Checkout down', severity: 'MAJOR', services: [service], incidentUpdates: [{ description: 'Investigating' }] },
      }),
    );
    expect(error.operation).toMatchObject({
      id: 'createIncident',
      declares: true,
      hasPathIds: false,
      when: expect.stringMatching(/service/),
    });
  });
});

describe('error bodies are checked before any of them is shown', () => {
  it('keeps at most a few fields, each one clean line, the key scrubbed', async () => {
    const details = Array.from({ length: 100 }, (_, i) => ({
      path: `services[${i}].id\u001b[2J\r\n`,
      message: `bad ${API_KEY} ${'x'.repeat(300)}`,
    }));
    const { client } = harness([
      http.get(`${BASE_URL}/v1/runtimes`, () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: `no\u001b]0;title\u0007 ${API_KEY}`, details },
          { status: 400 },
        ),
      ),
    ]);
    const error = await apiFailure(client.listRuntimes({}));
    expect(error.details).toHaveLength(MAX_DETAILS);
    expect(error.moreDetails).toBe(100 - MAX_DETAILS);
    for (const detail of error.details) {
      expect(detail.path).toMatch(/^services\[\d+\]\.id \[2J$/);
      expect(detail.message.length).toBeLessThanOrEqual(200);
      expect(detail.message).not.toContain(API_KEY);
    }
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
    expect(error.message).not.toContain(API_KEY);
  });

  it.each([
    ['parts of the wrong types', { statusCode: 400, error: 'Bad Request', message: 5, details: 'all', validation: [] }, '400 Bad Request'],
    [
      'fields that are not fields',
      { statusCode: 400, error: 'Bad Request', details: [null, 7, { path: 1 }], validation: { keys: [{}] } },
      '400 Bad Request',
    ],
    ['an object of another shape', { oops: true }, '400 Bad Request: "{"oops":true}"'],
    ['an array', [1, 2], '400 Bad Request: "[1,2]"'],
  ])('%s: no field is shown, the status line is', async (_name, body, line) => {
    const { client } = harness([http.get(`${BASE_URL}/v1/runtimes`, () => HttpResponse.json(body, { status: 400 }))]);
    const error = await apiFailure(client.listRuntimes({}));
    expect(error.message).toBe(`${line} (GET /v1/runtimes)`);
    expect(error.details).toEqual([]);
  });

  it('a body larger than the client reads of an error: described, not parsed', async () => {
    const huge = JSON.stringify({ statusCode: 402, error: 'Payment Required', message: 'x'.repeat(256 * 1024) });
    const { client } = harness([
      http.get(`${BASE_URL}/v1/runtimes`, () => new HttpResponse(huge, { status: 402, headers: { 'content-type': 'application/json' } })),
    ]);
    const error = await apiFailure(client.listRuntimes({}));
    expect(error.message).toMatch(
      /^402 Payment Required: "\{"statusCode":402,"error":"Payment Required","message":"x+…" \(GET \/v1\/runtimes\)$/,
    );
    expect(error).toMatchObject({ status: 402, serverMessage: undefined, details: [] });
  });
});
