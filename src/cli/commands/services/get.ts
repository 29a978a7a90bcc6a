// `services get`: one service, by id (one request) or by name (any case, looked for in the
// whole list), or by the start of one name or id. A name that is not there is exit 4 with the closest names.
import type { Service } from '../../api/types.js';
import type { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import { notFoundAmong } from '../../errors/not-found.js';
import { isWholeId, looksLikePrefix, MIN_PREFIX } from '../../lookup/short-ids.js';
import { fetchPages } from '../../api/paging.js';
import { getVerb } from '../../verbs/get.js';
import { SERVICE } from '../../views/service.js';

export const { declare, run } = getVerb(SERVICE, {
  description:
    'One service: its id, name, account and dates.\n\n' +
    'SERVICE is its id (a UUID, or a unique prefix of at least 6 characters) or its name (any case), or the start of ' +
    'one name (payments for Payments API). A name no service has is exit 4, with the closest names; ' +
    'a name two services share, or a start of several, is exit 2, listing their ids. Piped: label<TAB>value lines. With -o json: the ' +
    'service as the API gives it.',
  examples: [
    "statusctl services get 'Payments API'",
    'statusctl services get 81876efe-a62c-53f7-bdec-ff417d6b958f -o json',
    "statusctl services get 'web app' --jq .id",
    'statusctl services get payments',
  ],
  fetch: findService,
});

async function findService(ctx: Context, given: string): Promise<Service> {
  const client = await ctx.client();
  const wanted = given.trim();
  // An id is one request (a 404 is exit 4 as it is); a name is looked for in the whole list.
  if (isWholeId(wanted)) return client.getService({ params: { serviceId: wanted } });
  const all = await fetchPages((query) => client.listServices(query ? { query } : {}), { all: true });
  const lower = wanted.toLowerCase();
  const named = all.entries.filter((service) => service.name.toLowerCase() === lower);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw severalServices(`service "${given}" names ${named.length} services; pass the id:`, named);
  // The start of one name (`payments` for Payments API), or of one id as a terminal table shows it.
  const started = lower
    ? all.entries.filter(
        (service) =>
          service.name.toLowerCase().startsWith(lower) ||
          (lower.length >= MIN_PREFIX && looksLikePrefix(lower) && service.id.toLowerCase().startsWith(lower)),
      )
    : [];
  if (started.length === 1) return started[0]!;
  if (started.length > 1)
    throw severalServices(`service "${given}" is the start of ${started.length} services; give more of it, or the id:`, started);
  throw notFoundAmong(
    'service',
    'services',
    given,
    all.entries.map((service) => ({ names: [service.name], line: `${service.name} (id ${service.id})` })),
  );
}

function severalServices(message: string, services: readonly Service[]) {
  return usageError([message, ...services.map((service) => `  ${service.name} (id ${service.id})`)].join('\n'));
}
