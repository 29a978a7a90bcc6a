// statusctl mcp: the API as tools for AI agents (Model Context Protocol, over stdio). The MCP
// SDK and the tool definitions are imported only when this command runs, so no other command
// pays for loading them. Settings resolve as for every command (option, environment, profile).
import { CliError } from '../errors/exit-codes.js';
import { sentAccountId } from '../input/ids.js';
import { examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Program } from '../runtime/globals.js';

export function register(program: Program): void {
  examples(
    program
      .command('mcp')
      .description(
        'Serve the API as MCP tools over stdio, for an AI agent host (one tool per operation)\n\n' +
          'Started by the host, not by hand: stdout carries the protocol, messages go to stderr.\n' +
          'Without an API key it still starts, reports it on stderr and answers every call with that error.',
      )
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl mcp', 'STATUSCTL_PROFILE=staging statusctl mcp'],
  );
}

/** Serves until the host closes stdin. */
export async function run(ctx: Context): Promise<void> {
  const { serveMcp } = await import('../../mcp/server.js');
  let settings: Awaited<ReturnType<typeof ctx.settings>> | undefined;
  let network: Awaited<ReturnType<typeof ctx.network>> | undefined;
  let problem: string | undefined;
  try {
    settings = await ctx.settings();
    network = await ctx.network();
    // Refused as every other command refuses it (the factory asks the same function): the API
    // answers an account header that is not a UUID with a 400 on every call.
    sentAccountId(settings);
  } catch (error) {
    // An unreadable config file or an account id the API would refuse: the host gets an error
    // per call rather than a dead server, in the words and with the hint the CLI gives.
    problem = error instanceof Error ? error.message : String(error);
    if (error instanceof CliError && error.hint) problem += `; hint: ${error.hint}`;
  }
  await serveMcp(
    {
      baseUrl: settings?.baseUrl ?? '',
      apiKey: settings?.apiKey,
      accountId: settings?.accountId,
      timeoutMs: (ctx.globals.timeout ?? 30) * 1000,
      // The same proxy and certificates as every other command (option, environment, profile).
      ...(network ? { proxy: network.proxy?.href ?? false, ca: network.ca, systemCa: network.systemCa } : {}),
      problem,
    },
    { stdin: ctx.io.stdin, stdout: ctx.io.stdout, stderr: ctx.io.stderr },
  );
}
