// The waits the client makes for a run (a 429's Retry-After, a retry's backoff, the rate-limit
// pause): on the run's monotonic clock, not on the wall clock its times are shown against, which
// may jump while a run waits (NTP, a laptop waking); and over when the run is, so that Ctrl-C
// during one ends the process at once.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/index.js';
import { testStreams } from '../../src/cli/iostreams/test-streams.js';
import { Factory } from '../../src/cli/runtime/factory.js';
import { testClock } from '../support/clock.js';
import { startCli, startTestServer, tempConfigDir } from './helpers.js';

const HOUR = 3_600_000;

describe('the client of a run waits on the monotonic clock', () => {
  it.each([
    ['forwards', HOUR],
    ['backwards', -HOUR],
  ])('a wall clock that jumps %s during a pause neither shortens nor stretches it', async (_, jump) => {
    // The server's limit counts on the monotonic clock: one request a second, the time the run's waits make pass.
    const monotonic = testClock();
    const server = await startTestServer({ rateLimit: 1, now: monotonic.now });
    let wall = Date.parse('2026-01-05T09:00:00Z');
    const streams = testStreams({ env: { STATUSCTL_CONFIG_DIR: tempConfigDir(), STATUSCTL_NO_KEYRING: '1' } });
    const factory = new Factory({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id }, streams.io, {
      now: () => wall,
      monotonicNow: monotonic.now,
      sleep: monotonic.sleep,
    });
    // A 429 is not waited out here (--max-wait 0): it is reported, and the pause it starts holds the next request back.
    const client = await factory.client({ maxWaitMs: 0 });
    await client.listRuntimes({});
    const limited = await client.listRuntimes({}).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({ status: 429, retryAfter: 1 });

    wall += jump;
    await client.listRuntimes({});
    // The pause, whole: a second on the monotonic clock, whatever the wall clock did meanwhile.
    expect(monotonic.slept).toEqual([1000]);
  });
});

describe('Ctrl-C while the client waits out a 429 (the built binary, SIGINT)', () => {
  // One request a minute, the first refused: its Retry-After (under a minute, which the client
  // waits out) is longer than the test may take, so only an exit at the interrupt passes.
  const slowLimit = () => startTestServer({ rateLimit: 1 / 59 });
  const id = '00000000-0000-4000-8000-00000000abcd';

  it.each([
    ['incidents watch', ['incidents', 'watch', id], `statusctl: interrupted: stopped watching incident ${id}`],
    ['rca get --wait', ['rca', 'get', id, '--wait'], `statusctl: interrupted while waiting for analysis ${id}`],
  ])('%s exits 130 with its one line', async (_, args, line) => {
    const server = await slowLimit();
    // --verbose shows each request: once the 429 is shown, the run waits.
    const run = startCli([...args, '--verbose'], { env: server.env });
    try {
      await run.line(/-> 429 /, 'stderr');
      run.child.kill('SIGINT');
      expect((await run.exited).code).toBe(130);
      expect(run.stderr()).toContain(line);
    } finally {
      run.child.kill('SIGKILL');
    }
  });
});
