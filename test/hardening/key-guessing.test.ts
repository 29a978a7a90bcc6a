// Guessing keys is limited (docs/api-rules.md#failed-authentications): with --rate-limit N, every
// request refused for its key (wrong or missing), on the API or on a private status page,
// counts against its client's address at N a second; past that it is a 429 with Retry-After
// instead of a 401. A valid key is not slowed by the guesses, and without the option nothing is
// counted. The clock is the test's own: it moves only when the test says so.
import { describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { ACCOUNT_A, expectErrorAnswer, startHardeningServer } from './support.js';

const WRONG = 'sk_live_not-a-key-of-anyone-0000';

describe('failed authentications are rate limited per client address', () => {
  it('answers 429 with Retry-After past N failed authentications a second, whatever the key was', async () => {
    const clock = testClock();
    const server = await startHardeningServer({ rateLimit: 3, now: clock.now });
    try {
      const guess = (authorization?: string) =>
        server.send({ method: 'GET', path: '/v1/runtimes', headers: authorization ? { authorization } : {} });
      const statuses = [];
      for (const authorization of [`Bearer ${WRONG}`, undefined, 'Basic eDp5', `Bearer ${WRONG}1`, undefined]) {
        statuses.push((await guess(authorization)).status);
      }
      // Three failures in the burst, then the limit, for a wrong key and a missing one alike.
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const limited = await guess(`Bearer ${WRONG}`);
      expectErrorAnswer(limited, 429, 'a guess past the limit');
      expect(limited.headers['retry-after']).toBe('1');
      expect(limited.json.message).toContain('failed authentications');
      // The owner of a valid key is not locked out by someone guessing from the same address.
      expect((await server.get('/v1/runtimes')).status).toBe(200);
      // A private page's refusals are failed authentications too.
      const page = await server.send({
        method: 'GET',
        path: `/status/${ACCOUNT_A.id}/acme-internal`,
        headers: { authorization: `Bearer ${WRONG}` },
      });
      expect(page.status).toBe(429);
      expect(page.headers['retry-after']).toBe('1');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).not.toContain('Internal Platform');
      // A second later the bucket holds 3 again: 3 more guesses get their 401, the 4th is held.
      clock.advance(1000);
      const after = [];
      for (let i = 0; i < 4; i++) after.push((await guess(`Bearer ${WRONG}`)).status);
      expect(after).toEqual([401, 401, 401, 429]);
    } finally {
      await server.stop();
    }
  });

  it('counts nothing without --rate-limit: every guess is a 401', async () => {
    const server = await startHardeningServer({ now: testClock().now });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 50; i++) {
        statuses.add(
          (await server.send({ method: 'GET', path: '/v1/runtimes', headers: { authorization: `Bearer ${WRONG}${i}` } })).status,
        );
      }
      expect([...statuses]).toEqual([401]);
    } finally {
      await server.stop();
    }
  });
});
