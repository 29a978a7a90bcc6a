// Ctrl-C while a spinner runs, in a real pseudo-terminal: the spinner's line is erased, the
// interruption is said on a clean line, the exit code is 130.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { KEYS, runPty, useTestServer } from './helpers.js';
import { finalScreen } from './screen.js';

// Analyses take a minute here: the wait is still on when Ctrl-C comes.
const test = useTestServer({ rcaDelayMs: 60_000 });

describe('Ctrl-C', () => {
  it('erases the spinner line before saying the wait was interrupted', async () => {
    const client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key });
    const group = await client.recordErrorEvent({
      body: { checkId: 'check-interrupt', rawErrorMessage: 'connect ECONNREFUSED 10.0.0.1:443' },
    });
    const session = await runPty(['rca', 'request', group.id, '--wait'], { env: test.server.env });
    await session.waitFor('Waiting for analysis');
    session.write(KEYS.ctrlC);
    await session.waitFor('interrupted while waiting for analysis');
    expect(await session.exited()).toBe(130);
    const screen = finalScreen(session.raw()).filter(Boolean);
    expect(screen.some((line) => line.includes('Waiting for analysis'))).toBe(false);
    expect(screen.at(-2)).toMatch(/^statusctl: interrupted while waiting for analysis /);
    expect(screen.at(-1)).toMatch(/^hint: continue with: statusctl rca get \S+ --wait$/);
  });
});
