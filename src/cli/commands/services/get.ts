// `services get`: one service, by id (one request) or by name (any case, looked for in the
// whole list). A name that is not there is exit 4 with the closest names.
import type { Service } from '../../api/types.js';
import type { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import { notFoundAmong } from '../../errors/not-found.js';
import { isWholeId } from '../../lookup/short-ids.js';
import { fetchPages } from '../../api/paging.js';
import { getVerb } from '../../verbs/get.js';
import { SERVICE } from '../../views/service.js';

export const { declare, run } = getVerb(SERVICE, {
  description:
    'One service: its id, name, account and dates.\n\n' +
    'SERVICE is its id (a UUID) or its name (any case). A name no service has is exit 4, with the closest names; ' +
    'a name two services share is exit 2, listing their ids. Piped: label<TAB>value lines. With -o json: the ' +
    'service as the API gives it.',
  examples: [
    "statusctl services get 'Payments API'",
    'statusctl services get 81876efe-a62c-53f7-bdec-ff417d6b958f -o json',
    "statusctl services get 'web app' --jq .id",
  ],
  fetch: findService,
});

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
