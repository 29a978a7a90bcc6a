// One attempt over undici: connection pooling, the library default. undici is imported when
// the first request is made, so a process that never sends one does not load it.
import type { Dispatcher } from 'undici';
import { attemptTimer, readBody } from './http-body.js';
import type { Attempt, AttemptRequest } from './attempt.js';

export async function attemptWithUndici(req: AttemptRequest): Promise<Attempt> {
  const { request } = await import('undici');
  const timer = attemptTimer(req.timeoutMs);
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(req.url, {
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        body: req.payload,
        signal: timer.signal,
        // Also handed to undici so a real connection enforces the same limits itself.
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
        ...(req.network.dispatcher ? { dispatcher: req.network.dispatcher } : {}),
      });
    } catch (error) {
      return { outcome: 'no-answer', error, timedOut: timer.timedOut() };
    }
    const read = await readBody(response.body, response.statusCode, response.headers['content-length']);
    return { outcome: 'answer', status: response.statusCode, headers: response.headers, ...read, timedOut: timer.timedOut() };
  } finally {
    timer.clear();
  }
}
