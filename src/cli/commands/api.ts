// `statusctl api <path>`: a raw request with the profile's credentials, in the manner of `gh api`,
// for a route that has no command (or to see exactly what the API answers). The exit codes are
// the CLI's, from the HTTP status (src/cli/errors/failure.ts).
import { examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import { usageError } from '../errors/exit-codes.js';
import type { Field } from '../input/api-fields.js';
import type { Program } from '../runtime/globals.js';
import { buildBody, withQuery } from '../input/api-fields.js';
import { readAll } from '../input/read.js';
import { readFile } from 'node:fs/promises';
import { reasonPhrase } from '../../contract/reason-phrase.js';
import { jsonEscaped } from '../output/terminal-text.js';

export interface ApiOptions {
  method?: string;
  input?: string;
  header?: string[];
  include?: boolean;
  paginate?: boolean;
  dryRun?: boolean;
}

export function register(program: Program): void {
  // -f and -F in the order given, mixed: `a[][b]` starts a new object or adds to the last one,
  // so the order of the two flags matters. One program is built per run (a fresh list).
  const fields: Field[] = [];
  const field = (typed: boolean) => (text: string) => {
    fields.push({ text, typed });
  };
  examples(
    program
      .command('api')
      .description(
        'Send a request to an API path with your credentials and print the answer (as gh api does).\n\n' +
          'The method is GET, or POST when fields or --input are given (-X to choose; --paginate is always GET). -f key=value sends a string, ' +
          '-F key=value a typed value (numbers, true, false, null, or @FILE for the text of a file). Nested keys: ' +
          'a[b]=v sets a.b; a[]=v appends v to the array a; a[][b]=v starts an object in a, or adds b to the last one. ' +
          'With GET, fields are the query string instead. --input FILE (or - for stdin) sends a JSON body as it is.\n\n' +
          'The body is printed as received (indented on a terminal); -i prints the status line and headers first. ' +
          '--paginate follows nextId to the last page and prints one document with every entry and nextId null ' +
          '(with --jq, the filter runs on each page instead). ' +
          'The exit code follows the status: 3 for 401/403, 4 for 404, 1 for other errors.',
      )
      .argument('<path>', 'the API path, e.g. /v1/status-pages/incidents (a query string is allowed)')
      .option('-X, --method <method>', 'the HTTP method (default GET, or POST with fields or --input)')
      .option('-f, --raw-field <key=value>', 'a string field (repeatable)', field(false))
      .option('-F, --field <key=value>', 'a typed field: number, true, false, null, @FILE (repeatable)', field(true))
      .option('--input <file>', 'the request body: a JSON file, or - for stdin')
      .option('-H, --header <name: value>', 'an extra request header (repeatable)', append)
      .option('-i, --include', 'print the status line and response headers before the body')
      .option('--paginate', 'GET every page (following nextId) and print one merged document')
      .option('--dry-run', 'print the request (method, path, body) instead of sending it; GET is sent anyway')
      .action((path, options, command) => run(Context.fromCommand(command), path, options, fields)),
    [
      'statusctl api /v1/runtimes',
      "statusctl api /v1/status-pages/incidents --paginate -o json | jq -r '.entries[].id'",
      'statusctl api -X PATCH /v1/error-groups/c463c2d9-a899-5e7b-9e54-5b24368461d1 -F archivedUntilNextEvent=true',
      "statusctl api /v1/status-pages/incidents/0ae1221b-6727-5303-a6ed-e01c2c4e4ecd/incident-updates -f description='Rolled back' -f status=MONITORING",
      'statusctl api -i /v1/status-pages?limit=1',
      'statusctl api -X POST /v1/status-pages/incidents --input incident.json --dry-run',
    ],
  );
}

/** A repeatable option whose values may hold commas (unlike command-kit's collect). */
function append(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export async function run(ctx: Context, rawPath: string, options: ApiOptions, fields: readonly Field[]): Promise<void> {
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  if (fields.length && options.input !== undefined) throw usageError('give the body as fields (-f/-F) or as --input, not both');
  const writes = !options.paginate && (fields.length > 0 || options.input !== undefined);
  const method = (options.method ?? (writes ? 'POST' : 'GET')).toUpperCase();
  if (!/^[A-Z]+$/.test(method))
    throw usageError(
      `option '-X, --method <method>' argument '${options.method}' is invalid: expected a method such as GET, POST, PUT, PATCH`,
    );
  const headers = parseHeaders(options.header ?? []);

  let body: unknown;
  let target = path;
  if (method === 'GET' && options.input !== undefined) {
    throw usageError('--input sends a body, which a GET has none of: pass -X POST (or another method)');
  }
  if (options.input !== undefined) body = await readInput(ctx, options.input);
  else if (fields.length) {
    if (method === 'GET') target = withQuery(path, await buildBody(ctx, fields, { query: true }));
    else body = await buildBody(ctx, fields, { query: false });
  }
  if (options.paginate && method !== 'GET') throw usageError(`--paginate follows the pages of a GET; this request is a ${method}`);

  if (options.dryRun && method !== 'GET') {
    const { printPlanned } = await import('../api/dry-run.js');
    return printPlanned(ctx, { method, path: target, body: body ?? null });
  }

  const client = await ctx.client();
  if (options.paginate) return printAllPages(ctx, client, target, headers);
  const response = await client.raw({ method, path: target, body, headers });
  if (options.include) await printHead(ctx, response.status, response.headers);
  if (ctx.globals.jq !== undefined) await ctx.printJson(response.body);
  else printBody(ctx, response.text, response.body);
}

function parseHeaders(given: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of given) {
    const colon = header.indexOf(':');
    const name = header.slice(0, colon).trim().toLowerCase();
    if (colon < 1 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) {
      throw usageError(`option '-H, --header' argument '${header}' is invalid: expected 'Name: value'`);
    }
    if (name === 'authorization' || name === 'x-service-account') {
      throw usageError(`-H cannot set ${name}: the credentials come from --api-key and --account-id (or the profile)`);
    }
    headers[name] = header.slice(colon + 1).trim();
  }
  return headers;
}

async function readInput(ctx: Context, file: string): Promise<unknown> {
  let text: string;
  try {
    text = file === '-' ? await readAll(ctx.io.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw usageError(`--input ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw usageError(`--input ${file === '-' ? '-' : file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function printHead(ctx: Context, status: number, headers: Record<string, string | string[] | undefined>): Promise<void> {
  // Imported here, not at the top: it loads node:http, which the request has loaded by now.
  const lines = [`HTTP/1.1 ${status} ${reasonPhrase(status)}`];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) lines.push(`${name}: ${one}`);
  }
  // A blank line between the head and the body, as on the wire.
  ctx.out(`${lines.join('\n')}\n\n`);
}

/** As received when piped; indented on a terminal, where a person reads it. */
function printBody(ctx: Context, text: string, parsed: unknown): void {
  if (text.trim() === '') return;
  // On a terminal nothing in it steers the terminal (output/terminal-text.ts): the same JSON.
  ctx.out(ctx.io.stdout.isTTY ? jsonEscaped(JSON.stringify(parsed, null, 2)) : text);
}

async function printAllPages(
  ctx: Context,
  client: Awaited<ReturnType<Context['client']>>,
  path: string,
  headers: Record<string, string>,
): Promise<void> {
  const entries: unknown[] = [];
  let next: string | null = null;
  for (let page = 1; ; page++) {
    const url = new URL(path, 'http://x');
    if (next) url.searchParams.set('nextId', next);
    const response = await client.raw({ method: 'GET', path: `${url.pathname}${url.search}`, headers });
    const body = response.body;
    if (!isList(body)) throw usageError(`--paginate: ${path} does not answer a list ({entries, nextId})`);
    // With --jq the filter runs on each page as it comes (as gh api --paginate --jq does).
    if (ctx.globals.jq !== undefined) await ctx.printJson(body);
    else entries.push(...body.entries);
    if (ctx.showProgress) ctx.info(`page ${page}: ${entries.length} entries so far`);
    next = body.nextId;
    if (!next) break;
  }
  if (ctx.globals.jq !== undefined) return;
  const merged = { length: entries.length, entries, nextId: null };
  ctx.out(ctx.io.stdout.isTTY ? jsonEscaped(JSON.stringify(merged, null, 2)) : JSON.stringify(merged));
}

function isList(body: unknown): body is { entries: unknown[]; nextId: string | null } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'entries' in body &&
    Array.isArray(body.entries) &&
    (!('nextId' in body) || body.nextId === null || typeof body.nextId === 'string')
  );
}
