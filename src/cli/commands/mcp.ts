// statusctl mcp: the API as tools for AI agents (Model Context Protocol, over stdio). The MCP
// SDK and the tool definitions are imported only when this command runs, so no other command
// pays for loading them. Settings resolve as for every command (option, environment, profile).
// Which tools it serves is named by toolset (src/mcp/toolsets.ts, which loads neither).
import { Option } from '@commander-js/extra-typings';
import type { ToolsetName } from '../../contract/toolsets.js';
import { ALL, DEFAULT, DEFAULT_TOOLSETS, selectToolsets, TOOLSET_WORDS, toolsets } from '../../mcp/toolsets.js';
import { CliError, usageError } from '../errors/exit-codes.js';
import { closest } from '../errors/suggest.js';
import { sentAccountId } from '../input/ids.js';
import { renderTable } from '../output/cells.js';
import { collect, examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Program } from '../runtime/globals.js';

export interface McpOptions {
  toolsets?: string[];
  listToolsets?: boolean;
}

export function register(program: Program): void {
  examples(
    program
      .command('mcp')
      .description(
        'Serve the API as MCP tools over stdio, for an AI agent host (one tool per operation, served by toolset)\n\n' +
          'Started by the host, not by hand: stdout carries the protocol, messages go to stderr.\n' +
          'Without an API key it still starts, reports it on stderr and answers every call with that error.',
      )
      .addOption(
        // The choices are for the help and shell completion; the names are checked in run(), each
        // unknown one with the names meant.
        new Option(
          '--toolsets <names>',
          `the toolsets whose tools are served (repeat or separate with commas; ${ALL}: every one; ` +
            `${DEFAULT}: ${DEFAULT_TOOLSETS.join(', ')}, served without this option)`,
        )
          .choices(TOOLSET_WORDS)
          .argParser(collect),
      )
      .option('--list-toolsets', 'print the toolsets (those of --toolsets if given) with what each serves and its count of tools, and exit')
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl mcp',
      'statusctl mcp --toolsets default,heartbeats',
      'statusctl mcp --toolsets all',
      'statusctl mcp --list-toolsets',
      'STATUSCTL_PROFILE=staging statusctl mcp',
    ],
  );
}

/** Serves until the host closes stdin; with --list-toolsets, prints them instead. */
export async function run(ctx: Context, options: McpOptions = {}): Promise<void> {
  const selected = options.toolsets ? chosenToolsets(options.toolsets) : undefined;
  if (options.listToolsets) return listToolsets(ctx, selected);
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
      toolsets: selected ?? DEFAULT_TOOLSETS,
    },
    { stdin: ctx.io.stdin, stdout: ctx.io.stdout, stderr: ctx.io.stderr },
  );
}

/** The toolsets --toolsets names, or a usage error naming each it does not know. */
function chosenToolsets(names: string[]): ToolsetName[] {
  const { selected, unknown } = selectToolsets(names);
  const hint = `the toolsets are ${TOOLSET_WORDS.slice(0, -2).join(', ')}, or ${ALL}, or ${DEFAULT}; statusctl mcp --list-toolsets shows what each serves`;
  if (unknown.length > 0) {
    const each = unknown.map((name) => {
      const near = closest(name, TOOLSET_WORDS);
      return `"${name}"${near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : ''}`;
    });
    throw usageError(`--toolsets: unknown toolset${unknown.length === 1 ? '' : 's'} ${each.join(', ')}`, hint);
  }
  if (selected.length === 0) throw usageError('--toolsets: no toolset named', hint);
  return selected;
}

/** Each toolset (those selected, else every one): its name, count of tools, whether it is a default one and what it serves. */
async function listToolsets(ctx: Context, selected: readonly ToolsetName[] | undefined): Promise<void> {
  const listed = toolsets().filter((toolset) => !selected || selected.includes(toolset.name));
  if (ctx.json) {
    return ctx.printJson(
      listed.map(({ name, description, default: isDefault, tools }) => ({
        name,
        description,
        default: isDefault,
        toolCount: tools.length,
        tools,
      })),
    );
  }
  ctx.out(
    await renderTable(
      ctx,
      ['toolset', 'tools', 'default', 'description'],
      listed.map((toolset) => [toolset.name, String(toolset.tools.length), toolset.default ? 'yes' : 'no', toolset.description]),
    ),
  );
}
