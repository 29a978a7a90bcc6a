// `statusctl mcp`: the API's operations as MCP tools over stdio, for AI agent hosts. Uses the
// SDK's low-level Server (not McpServer) because the tools are data made from the contract, with
// JSON Schemas zod already wrote; validation is the client's own (RequestValidationError names
// each bad field), so what a tool refuses is exactly what `statusctl` and the client refuse.
//
// stdout carries the protocol: everything for people goes to stderr. Nothing here ever writes
// the API key: it lives only inside the client.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  ApiError,
  createClient,
  RequestValidationError,
  WriteMayBeAppliedError,
  type Client,
  type LostAnswerNote,
} from '../client/index.js';
import type { OperationId } from '../contract/table.js';
import { oneLine } from '../client/failures.js';
import { isUuid } from '../contract/rules.js';
import { CLIENT_VERSION } from '../client/version.js';
import type { ToolsetName } from '../contract/toolsets.js';
import { defineTools, type ToolDefinition } from './tools.js';
import { DEFAULT_TOOLSETS, toolsets as allToolsets } from './toolsets.js';

export interface McpSettings {
  baseUrl: string;
  apiKey?: string;
  accountId?: string;
  timeoutMs?: number;
  /** The proxy (false: none) and extra trusted certificates, as the CLI settled them. */
  proxy?: string | false;
  ca?: string[];
  systemCa?: boolean;
  /** Why there is no client (no key, an unreadable config file): each call answers with it. */
  problem?: string;
  /** The toolsets whose tools are served (src/mcp/toolsets.ts); the default ones unless given. */
  toolsets?: readonly ToolsetName[];
}

export interface McpIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Serves until stdin closes. */
export async function serveMcp(settings: McpSettings, io: McpIO): Promise<void> {
  const served = settings.toolsets ?? DEFAULT_TOOLSETS;
  const tools = defineTools(served);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const log = (text: string) => io.stderr.write(`statusctl mcp: ${text}\n`);

  let client: Client | undefined;
  let problem = settings.problem;
  if (!problem && !settings.apiKey) {
    problem = "no API key: run 'statusctl login', or pass --api-key, or set STATUSCTL_API_KEY in the MCP host's configuration";
  }
  if (!problem) {
    try {
      client = createClient({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey!,
        // node:http (its global agent keeps connections alive): the bundled CLI, which runs this
        // server, leaves undici out (scripts/build.mjs).
        http: 'node',
        ...(settings.accountId ? { accountId: settings.accountId } : {}),
        ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
        ...(settings.proxy === undefined ? {} : { proxy: settings.proxy }),
        ...(settings.ca ? { ca: settings.ca } : {}),
        ...(settings.systemCa ? { systemCa: true } : {}),
      });
    } catch (error) {
      // createClient's messages never contain the key.
      problem = (error as Error).message;
    }
  }
  if (problem) log(`${problem}; every tool call will answer with this error until it is fixed and the server restarted`);

  const server = new Server({ name: 'statusctl', version: CLIENT_VERSION }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) return failure(notServed(request.params.name, served));
    if (!client) return failure(problem ?? 'no client');
    try {
      const { body, lostAnswer } = await client.call(
        tool.operationId as OperationId,
        toInput(tool, request.params.arguments ?? {}) as never,
      );
      return success(tool, body, lostAnswer);
    } catch (error) {
      return failure(describe(error));
    }
  });

  const transport = new StdioServerTransport(io.stdin as NodeJS.ReadStream, io.stdout as NodeJS.WriteStream);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    io.stdin.once('end', resolve);
  });
  await server.connect(transport);
  log(`serving ${tools.length} tools (toolsets ${served.join(', ')}) for ${settings.baseUrl} on stdio`);
  await closed;
  await server.close();
}

/** Why a tool is not served: none is so named, or its toolset was not asked for (the host's configuration can add it). */
function notServed(name: string, served: readonly ToolsetName[]): string {
  const home = allToolsets().find((toolset) => toolset.tools.includes(name));
  if (!home) return `unknown tool ${name}: list the tools to see their names`;
  return `${name} is in the toolset ${home.name}, which this server does not serve (it serves ${served.join(', ')}): add ${home.name} to statusctl mcp --toolsets in the MCP host's configuration`;
}

class ArgumentError extends Error {}

/** Splits the top-level arguments back into path parameters, query and body. */
export function toInput(tool: ToolDefinition, args: Record<string, unknown>) {
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (tool.pathParams.includes(name)) params[name] = value;
    // Query values travel as text; a model may well send limit as 10 rather than "10".
    else if (tool.queryFields.includes(name)) query[name] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    else if (tool.bodyFields.includes(name)) body[name] = value;
    else unknown.push(name);
  }
  const missing = tool.pathParams.filter((name) => params[name] === undefined);
  if (unknown.length || missing.length) {
    throw new ArgumentError(
      [
        ...missing.map((name) => `${name}: required`),
        ...unknown.map(
          (name) =>
            `${name}: unknown argument (expected ${[...tool.pathParams, ...tool.queryFields, ...tool.bodyFields].join(', ') || 'none'})`,
        ),
      ].join('; '),
    );
  }
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' || value === '') throw new ArgumentError(`${name}: expected a non-empty string`);
    // Not sent: the API takes this id only as a UUID, and answers anything else with a 400 or a 404.
    if (tool.uuidParams.includes(name) && !isUuid(value)) {
      throw new ArgumentError(`${name}: expected a UUID (8-4-4-4-12 hexadecimal digits), got ${JSON.stringify(value.slice(0, 60))}`);
    }
  }
  return {
    ...(tool.pathParams.length ? { params } : {}),
    ...(tool.queryFields.length && Object.keys(query).length ? { query } : {}),
    // A tool with a body sends one even when no field is given, so the API judges what is missing.
    ...(tool.bodyFields.length ? { body } : {}),
  };
}

/** A lost answer settled by reading back is a success, with a note saying how it was settled. */
function success(tool: ToolDefinition, body: unknown, lostAnswer?: LostAnswerNote): CallToolResult {
  const structured = tool.wrapsResult ? { result: body ?? null } : (body as Record<string, unknown>);
  const note = lostAnswer ? [{ type: 'text' as const, text: `note: ${lostAnswer.message}` }] : [];
  return { content: [{ type: 'text', text: JSON.stringify(body ?? null, null, 2) }, ...note], structuredContent: structured };
}

function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** As long as the CLI's error line lets the server's message be (docs/cli.md#errors). */
const SERVER_MESSAGE_CHARS = 300;

/** Which field or which HTTP status, and the server's own message. */
function describe(error: unknown): string {
  if (error instanceof ArgumentError) return `invalid arguments: ${error.message}`;
  if (error instanceof RequestValidationError) {
    // The client names fields as body.x / query.x; tool arguments are top level.
    return `invalid arguments: ${error.details.map((d) => `${d.path.replace(/^(body|query|params)\.?/, '') || '(arguments)'}: ${d.message}`).join('; ')}`;
  }
  if (error instanceof WriteMayBeAppliedError) {
    // Said plainly, so a model checks instead of calling the tool again.
    const check = error.check
      ? ` Check with GET ${error.check.path} before calling the tool again.`
      : ' Do not call the tool again unasked.';
    return `${error.kind} error: ${error.message}.${check}`;
  }
  if (error instanceof ApiError) {
    if (error.status !== undefined) {
      // The server's words as the CLI shows them: one line, no control characters (the key is
      // already scrubbed), cut to the same length; a model's host may print them to a terminal.
      const words = error.serverMessage === undefined ? error.message : oneLine(error.serverMessage, '', SERVER_MESSAGE_CHARS);
      // Then the fields it refused that those words leave out (the "and 1 more" of a 400), as a
      // model has no --verbose to see them: a field the message already names is not said twice.
      const unsaid = error.details.filter((d) => !namesField(words, d.path));
      const more = error.moreDetails > 0 ? [`and ${error.moreDetails} more`] : [];
      const rest = [...unsaid.map((d) => `${d.path}: ${d.message}`), ...more];
      return `HTTP ${error.status}: ${words}${rest.length ? ` (${rest.join('; ')})` : ''}`;
    }
    return `${error.kind} error: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Whether `text` names the field `path` as a whole word (`checkId`, not the `id` inside it). */
function namesField(text: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w.])${escaped}($|[^\\w.])`).test(text);
}
