// Services (docs/api-rules.md#services): the ones the account's status page cards hold.
import { notFound } from '../http-error.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, listBody } from './pagination.js';
import type { Handler } from './types.js';

export const listServices: Handler<'listServices'> = ({ query, account: { store } }) => {
  const before = query.nextId === undefined ? undefined : decodeCursor('services', query.nextId, store.serviceCount);
  // paginated=false: every service in one answer, as the hosted API's parameter asks.
  const limit = query.paginated === false ? Number.POSITIVE_INFINITY : (query.limit ?? DEFAULT_PAGE_SIZE);
  return { status: 200, body: listBody('services', store.listServices(limit, before)) };
};

export const getService: Handler<'getService'> = ({ params, account: { store } }) => {
  const service = store.getListedService(params.serviceId);
  if (!service) throw notFound('service', params.serviceId);
  return { status: 200, body: service };
};
