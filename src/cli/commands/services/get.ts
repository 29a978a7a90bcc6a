// `services get`: one service, by id (one request) or by name (any case, looked for in the
// whole list). A name that is not there is exit 4 with the closest names.
import type { Service } from '../../api/types.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { type Cell, exactTimeCell, renderFields, tableFormat } from '../../output/cells.js';
import { heading } from '../../output/sections.js';
import { notFoundAmong } from '../../errors/not-found.js';
import { isWholeId } from '../../api/short-ids.js';
import { fetchPages } from '../../api/paging.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { terminalLine } from '../../output/terminal-text.js';

export function declare(services: Noun): void {
  examples(
    services
      .command('get')
      .description(
        'One service: its id, name, account and dates.\n\n' +
          'SERVICE is its id (a UUID) or its name (any case). A name no service has is exit 4, with the closest names; ' +
          'a name two services share is exit 2, listing their ids. Piped: label<TAB>value lines. With -o json: the ' +
          'service as the API gives it.',
      )
      .argument('<service>', 'id or name of the service')
      .action((service, _options, command) => run(Context.fromCommand(command), service)),
    [
      "statusctl services get 'Payments API'",
      'statusctl services get 81876efe-a62c-53f7-bdec-ff417d6b958f -o json',
      "statusctl services get 'web app' --jq .id",
    ],
  );
  valueKinds(services, 'get', { service: 'service' });
}

export async function run(ctx: Context, given: string): Promise<void> {
  const service = await findService(ctx, given);
  if (ctx.json) return ctx.printJson(service);
  await ctx.outPaged(await renderService(ctx, service));
}

async function findService(ctx: Context, given: string): Promise<Service> {
  const client = await ctx.client();
  const wanted = given.trim();
  // An id is one request (a 404 is exit 4 as it is); a name is looked for in the whole list.
  if (isWholeId(wanted)) return client.getService({ params: { serviceId: wanted } });
  const all = await fetchPages((query) => client.listServices(query ? { query } : {}), { all: true });
  const named = all.entries.filter((service) => service.name.toLowerCase() === wanted.toLowerCase());
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    throw usageError(
      [
        `service "${given}" names ${named.length} services; pass the id:`,
        ...named.map((service) => `  ${service.name} (id ${service.id})`),
      ].join('\n'),
    );
  }
  throw notFoundAmong(
    'service',
    'services',
    given,
    all.entries.map((service) => ({ names: [service.name], line: `${service.name} (id ${service.id})` })),
  );
}

/** One service as labelled fields (piped: `label<TAB>value` lines). */
export async function renderService(ctx: Context, service: Service): Promise<string> {
  const format = tableFormat(ctx);
  const head = format === 'md' ? `### Service: ${terminalLine(service.name)}` : heading(ctx, 'Service', service.id);
  const rows: [string, Cell | string][] = [
    ...(format === 'terminal' ? [] : [['id', { text: service.id, code: true }] as [string, Cell]]),
    ['name', service.name],
    ['account', { text: service.accountId, code: true }],
    ['created', exactTimeCell(ctx, service.created_at)],
    ['updated', exactTimeCell(ctx, service.updated_at)],
  ];
  const fields = await renderFields(ctx, rows);
  return head ? `${head}\n${fields}` : fields;
}
