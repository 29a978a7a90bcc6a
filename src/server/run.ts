// `statusctl server`: starts the reference server in the foreground until SIGINT/SIGTERM.
// stdout carries what a user or script needs (the URL, then each account's id and key: the one
// place a key is shown, since it is the user's own server); request logs go to stderr.
import { demoIds } from './fixtures/demo.js';
import { isAccountId, startServer, type Account, type ServerOptions } from './index.js';

export type { Account, ServerOptions } from './index.js';

/** How long a shutdown waits for requests in flight before cutting them off. */
const SHUTDOWN_GRACE_MS = 10_000;

/** `ID:KEY` from `--account`; the key may itself contain colons. */
export function parseAccountSpec(spec: string): Account {
  const colon = spec.indexOf(':');
  if (colon === -1) throw new Error(`--account expects ID:KEY, got ${JSON.stringify(spec.length > 4 ? `${spec.slice(0, 4)}…` : spec)}`);
  const id = spec.slice(0, colon);
  const key = spec.slice(colon + 1);
  if (!id) throw new Error('--account expects ID:KEY, but the ID is empty');
  if (!key) throw new Error(`--account expects ID:KEY, but the KEY of account ${id} is empty`);
  if (/\s/.test(id)) throw new Error(`--account: the ID ${JSON.stringify(id)} contains white space`);
  if (/\s/.test(key)) throw new Error(`--account: the KEY of account ${id} contains white space`);
  if (!isAccountId(id)) throw new Error(`--account: the ID ${JSON.stringify(id)} is not a UUID (account ids are, as in the hosted API)`);
  return { id, key };
}

export interface RunServerIO {
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
}

/** Resolves once the server has shut down after a signal; startup errors (bad fixtures, port in use) reject. */
export async function runServer(options: ServerOptions, io: RunServerIO = {}): Promise<void> {
  const stdout = io.stdout ?? ((line: string) => process.stdout.write(`${line}\n`));
  const stderr = io.stderr ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Listen for signals before anything is printed: a script that reads the first line and
  // stops the server at once must not kill it by the default action of the signal.
  let signalled: (signal: NodeJS.Signals) => void = () => {};
  const received = new Promise<NodeJS.Signals>((resolve) => (signalled = resolve));
  const onSignal = (signal: NodeJS.Signals) => signalled(signal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // Lines go to the given stderr; without one, the server writes to process.stderr itself,
    // which lets it write the access log in batches instead of a write per request.
    const server = await startServer({ ...(io.stderr ? { log: io.stderr } : {}), ...options });
    stdout(`listening on ${server.url}`);
    for (const account of server.accounts) stdout(`account ${account.id} key ${account.key}`);
    if (!options.fixturesPath) {
      // The API has no route that lists error groups or heartbeat checks: name a few to start with
      // (the first account's: each account's copy of the demo data has ids of its own).
      const DEMO_IDS = demoIds(server.accounts[0]!.id);
      stderr(
        `demo data: heartbeat check ${DEMO_IDS.heartbeatChecks.nightlyBackup} (nightly backup), ` +
          `error group ${DEMO_IDS.errorGroups.dashboardTimeout} (dashboard timeout); status pages list their services`,
      );
    }

    const signal = await received;
    stderr(`${signal}: finishing requests in flight, then stopping`);
    const force = setTimeout(() => {
      stderr(`requests still open after ${SHUTDOWN_GRACE_MS} ms: closing them`);
      process.exit(0);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await server.close();
    } catch (error) {
      stderr(`error while stopping: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(force);
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
