// statusctl demo: a tour of every command against the reference server, started in-process on
// a free port. Each step runs the real binary with a throw-away config directory, so the
// user's own config and credentials are never read or touched.
import type { ErrorGroup } from '../../contract/schemas.js';
import { examples, positiveInt } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import type { Program } from '../runtime/globals.js';
import { maskKey } from '../settings/mask.js';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface DemoOptions {
  rcaDelay: number;
}

export function register(program: Program): void {
  examples(
    program
      .command('demo')
      .description('Start the reference server in-process and tour every command against it, with real output')
      .option('--rca-delay <ms>', 'how long the demo server keeps an analysis pending', positiveInt(0), 1500)
      .action((options, command) => run(Context.fromCommand(command), options)),
    ['statusctl demo', 'statusctl demo --no-color > demo.txt', 'statusctl demo --rca-delay 5000'],
  );
}

export async function run(ctx: Context, options: DemoOptions): Promise<void> {
  // The server, the client and the tour (with node:crypto) load only for the demo.
  const { startServer } = await import('../../server/index.js');
  const { createClient } = await import('../../client/index.js');
  const { DemoRunner, DemoStepError } = await import('../demo/runner.js');
  const { tour } = await import('../demo/tour.js');
  // An error group made through the client is shown as `error-groups archive` prints one.
  const { ERROR_GROUP } = await import('../views/error-group.js');
  const { renderRecord } = await import('../views/resource.js');
  const renderErrorGroup = (view: Context, group: ErrorGroup) => renderRecord(view, ERROR_GROUP, group);

  const server = await startServer({ port: 0, rcaDelayMs: options.rcaDelay, log: (line) => ctx.verbose(line) });
  const configDir = await mkdtemp(join(tmpdir(), 'statusctl-demo-'));
  // Ctrl-C reaches the running step too (same process group); leave no temporary config behind.
  const interrupted = () => {
    rmSync(configDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    const account = server.accounts[0]!;
    const env: NodeJS.ProcessEnv = {
      ...ctx.env,
      STATUSCTL_BASE_URL: server.url,
      STATUSCTL_API_KEY: account.key,
      STATUSCTL_ACCOUNT_ID: account.id,
      STATUSCTL_CONFIG_DIR: configDir,
      // The demo's throw-away key stays in its throw-away config file, out of the user's keyring.
      STATUSCTL_NO_KEYRING: '1',
    };
    delete env.STATUSCTL_PROFILE;
    // The steps write to a pipe, not a terminal: pass on whether this transcript has colors.
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;
    if (ctx.style.level > 0) env.FORCE_COLOR = String(ctx.style.level);
    else env.NO_COLOR = '1';

    ctx.out(ctx.style.bold(`Reference server listening on ${server.url}`));
    ctx.out(`account ${account.id}, key ${maskKey(account.key)}; config in a temporary directory`);
    // node:http, as every request of the CLI: the bundled CLI leaves undici out (scripts/build.mjs).
    // Its own server on this machine: never through a proxy of the environment.
    const client = createClient({ baseUrl: server.url, apiKey: account.key, accountId: account.id, http: 'node', proxy: false });
    try {
      await tour(ctx, new DemoRunner(ctx, env), client, { renderErrorGroup });
    } catch (error) {
      if (error instanceof DemoStepError) throw new CliError(ExitCode.failure, `demo stopped: ${error.message}`);
      throw error;
    }
    ctx.out(`\n${ctx.style.green('Tour finished.')} Try it yourself: statusctl server, then statusctl login.`);
  } finally {
    process.off('SIGINT', interrupted);
    await server.close();
    await rm(configDir, { recursive: true, force: true });
  }
}
