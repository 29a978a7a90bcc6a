// Bugs the hardening tests found, each pinned by one plain request (the fuzz finds them only
// when its generator happens to produce the input).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  containsKey,
  expectErrorAnswer,
  parseRawResponse,
  rawExchange,
  startHardeningServer,
  type HardeningServer,
} from './support.js';

let server: HardeningServer;
beforeAll(async () => {
  server = await startHardeningServer();
});
afterAll(async () => {
  await server?.stop();
});

function parsed(text: string) {
  const response = parseRawResponse(text);
  expect(response, text).toBeDefined();
  return { status: response!.status, headers: response!.headers, text: response!.body, json: JSON.parse(response!.body) };
}

describe('found by the hardening tests', () => {
  it('a request target starting with // is a path: 401 without a key, 404 with one (was a 500 before auth)', async () => {
    for (const target of ['//', '//x:99999/', '//v1/runtimes']) {
      const anonymous = await rawExchange(server.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expectErrorAnswer(parsed(anonymous.text), 401, target);
      const known = await rawExchange(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nConnection: close\r\n\r\n`,
      );
      expectErrorAnswer(parsed(known.text), 404, target);
    }
    expect(server.logs.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('a body cut short by the client is a 400, not a 500 logged with a stack trace', async () => {
    const head = `POST /_reference/error-events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"checkId"`;
    const result = await rawExchange(server.port, head, { halfClose: true });
    expectErrorAnswer(parsed(result.text), 400, 'EOF mid-body');
    // The client that hangs up without a word gets nothing, and the server logs no bug.
    await rawExchange(server.port, head, { deadlineMs: 50 });
    const after = await server.get('/v1/runtimes');
    expect(after.status).toBe(200);
    expect(server.logs.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('a key put in x-service-account (swapped settings) is not echoed by the 403', async () => {
    const answer = await server.send({
      method: 'GET',
      path: '/v1/runtimes',
      headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'x-service-account': ACCOUNT_B.key },
    });
    expectErrorAnswer(answer, 403, 'key as account');
    expect(containsKey(answer.text, ACCOUNT_B.key)).toBe(false);
  });
});
