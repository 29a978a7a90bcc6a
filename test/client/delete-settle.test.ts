// A DELETE whose answer was lost (src/client/settle.ts, sendDelete): sent again, since deleting
// twice changes nothing, and a 404 to the repeat means the lost one did it: a success with a note
// that it was already gone. A 404 with no answer lost before it stays a 404. Over msw through the
// client's real transport (undici), whose attempts and pauses are recorded, never waited for.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { transportOptions } from '../../src/client/client.js';
import { ApiError } from '../../src/client/errors.js';
import { type LostAnswerNote, sendDelete } from '../../src/client/settle.js';
import { API_KEY, BASE_URL, apiFailure, closeHarnesses } from './helpers.js';
import { MswDispatcher } from './msw-dispatcher.js';

const PATH = '/v1/status-pages/incidents/inc-1';
const open: MswDispatcher[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((dispatcher) => dispatcher.close()));
  await closeHarnesses();
});

/** Each attempt gets the next reply (the last one again when they run out). */
function deleting(replies: Array<(request: Request) => Response | Promise<Response>>, options: { timeoutMs?: number } = {}) {
  let calls = 0;
  const dispatcher = new MswDispatcher([
    http.delete(`${BASE_URL}${PATH}`, ({ request }) => replies[Math.min(calls++, replies.length - 1)]!(request)),
  ]);
  open.push(dispatcher);
  const transport = transportOptions({ baseUrl: BASE_URL, apiKey: API_KEY, dispatcher, sleep: async () => {}, ...options });
  const notes: LostAnswerNote[] = [];
  const run = () => sendDelete(transport, { method: 'DELETE', path: PATH, idempotent: true }, 204, (note) => notes.push(note));
  return { run, notes, calls: () => calls };
}

const notFound = () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'no such incident' }, { status: 404 });
const gone = () => new HttpResponse(null, { status: 204 });
const untilAborted = (request: Request) =>
  new Promise<Response>((resolve) => request.signal.addEventListener('abort', () => resolve(gone()), { once: true }));

describe('a DELETE whose answer was lost', () => {
  it('reset after it was applied, then 404: done, with a note that it was already gone', async () => {
    const { run, notes, calls } = deleting([() => HttpResponse.error(), notFound]);
    const response = await run();
    expect(calls()).toBe(2);
    expect(response).toMatchObject({ status: 204, body: null, lostAnswer: { outcome: 'already-gone', method: 'DELETE', path: PATH } });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe(
      `the answer to DELETE ${PATH} was lost (connection reset, ECONNRESET); sent again, it was already gone (404): the delete was done`,
    );
  });

  it("a gateway's 502 or 504, then 404: done", async () => {
    for (const status of [502, 504]) {
      const { run, notes } = deleting([() => new HttpResponse('<h1>gateway</h1>', { status }), notFound]);
      await expect(run()).resolves.toMatchObject({ status: 204, lostAnswer: { outcome: 'already-gone' } });
      expect(notes[0]!.message).toContain(`${status}`);
    }
  });

  it('no answer in time: sent again (the transport does not retry a timeout), then 404: done', async () => {
    const { run, notes, calls } = deleting([untilAborted, notFound], { timeoutMs: 50 });
    await expect(run()).resolves.toMatchObject({ status: 204, lostAnswer: { outcome: 'already-gone' } });
    expect(calls()).toBe(2);
    expect(notes.map((note) => note.outcome)).toEqual(['resent', 'already-gone']);
  });

  it('sent again and answered: the answer, with the note that it was sent again', async () => {
    const { run, notes } = deleting([untilAborted, gone], { timeoutMs: 50 });
    await expect(run()).resolves.toMatchObject({ status: 204, lostAnswer: { outcome: 'resent' } });
    expect(notes).toHaveLength(1);
  });
});

describe('a 404 that is a 404', () => {
  it('on the first attempt: the id was never there', async () => {
    const { run, notes } = deleting([notFound]);
    const error = await apiFailure(run());
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(notes).toEqual([]);
  });

  it('after a 503: the service refused the first one, so nothing was deleted by it', async () => {
    const { run, calls } = deleting([
      () => HttpResponse.json({ statusCode: 503, error: 'Service Unavailable', message: 'later' }, { status: 503 }),
      notFound,
    ]);
    const error = await apiFailure(run());
    expect(calls()).toBe(2);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
  });
});
