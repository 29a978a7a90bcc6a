// A service of the status pages: the rows of `services list` and the fields of `services get`.
import type { Service } from '../api/types.js';
import { exactTimeCell, timeCell } from '../output/cells.js';
import type { ResourceView } from './resource.js';

export const SERVICE: ResourceView<Service> = {
  title: 'Service',
  argument: { name: 'service', help: 'id or name of the service', kind: 'service' },
  id: (service) => service.id,
  markdownHeading: (service) => `### Service: ${service.name}`,
  columns: [{ header: 'id', id: true }, 'name', 'created', { header: 'updated', optional: 1 }],
  rows(ctx, services) {
    const now = ctx.now();
    return services.map((service) => [service.id, service.name, timeCell(service.created_at, now), timeCell(service.updated_at, now)]);
  },
  fields: (ctx, service) => [
    ['name', service.name],
    ['account', { text: service.accountId, code: true }],
    ['created', exactTimeCell(ctx, service.created_at)],
    ['updated', exactTimeCell(ctx, service.updated_at)],
  ],
};
