// A request by path, outside the operations table (`statusctl api`, as `gh api`): the same
// credentials, timeouts, retries and error mapping as the named methods. Whether a failed
// attempt may be repeated comes from the table when the path is one of its routes (a PATCH of
// an error group sets values, so it is retried like a PUT), else from the method.
import { isIdempotent, routes, type Route } from '../contract/routes.js';
import { send, type TransportOptions, type TransportResponse } from './transport.js';

export interface RawRequest {
  method: string;
  /** Starting with `/`; a query string is allowed. */
  path: string;
  /** Sent as JSON; undefined sends no body. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

export type RawResponse = TransportResponse;

const templates = Object.values(routes).map((route: Route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** The route of the table that `method path` is, if any. */
export function routeOf(method: string, path: string): Route | undefined {
  const pathname = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  return templates.find(({ route, pattern }) => route.method === method && pattern.test(pathname))?.route;
}

export function rawRequest(transport: TransportOptions, request: RawRequest): Promise<RawResponse> {
  const method = request.method.toUpperCase();
  const [path = '/', search = ''] = request.path.split(/\?(.*)/s);
  const query = Object.fromEntries(new URLSearchParams(search));
  const route = routeOf(method, path);
  return send(transport, {
    // No operation id: the body is the caller's, not one the client built (the test suite's
    // request-parity check looks at the client's own bodies).
    operationId: undefined,
    method,
    path: path.startsWith('/') ? path : `/${path}`,
    query,
    body: request.body,
    ...(route ? { idempotent: isIdempotent(route) } : {}),
    extraHeaders: request.headers,
  });
}
