// A request by path, outside the operations table (`statusctl api`, as `gh api`): the same
// credentials, timeouts, retries and error mapping as the named methods. Whether a failed
// attempt may be repeated comes from the table when the path is one of its routes (a PATCH of
// an error group sets values, so it is retried like a PUT), else from the method; a write of the
// table whose answer is lost is settled by reading back as the named methods do (settle.ts).
import { isIdempotent, pathParamNames, routes, type OperationId, type Route } from '../contract/table.js';
import { sendDelete, sendSettled, successStatusOf, type LostAnswerNote, type SettledResponse } from './settle.js';
import { send, type TransportOptions } from './transport.js';

export interface RawRequest {
  method: string;
  /** Starting with `/`; a query string is allowed. */
  path: string;
  /** Sent as JSON; undefined sends no body. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

export type RawResponse = SettledResponse;

interface Template {
  id: OperationId;
  route: Route;
  names: string[];
  pattern: RegExp;
}
/** Each route's path as a pattern, made at the first match: a client that calls its methods never needs them. */
let templates: Template[] | undefined;
function routeTemplates(): Template[] {
  templates ??= (Object.keys(routes) as OperationId[]).map((id) => {
    const route: Route = routes[id];
    return { id, route, names: pathParamNames(route.path), pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}$`) };
  });
  return templates;
}

/** The route of the table that `method path` is, if any, with its id and path parameters. */
export function matchRoute(method: string, path: string): { id: OperationId; route: Route; params: Record<string, string> } | undefined {
  const pathname = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  for (const { id, route, names, pattern } of routeTemplates()) {
    const match = route.method === method ? pattern.exec(pathname) : null;
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, safeDecode(match[index + 1]!)]));
    return { id, route, params };
  }
  return undefined;
}

export function rawRequest(
  transport: TransportOptions,
  request: RawRequest,
  onLostAnswer?: (note: LostAnswerNote) => void,
): Promise<RawResponse> {
  const method = request.method.toUpperCase();
  const [path = '/', search = ''] = request.path.split(/\?(.*)/s);
  const query = Object.fromEntries(new URLSearchParams(search));
  const matched = matchRoute(method, path);
  const sent = {
    // No operation id: the body is the caller's, not one the client built (the test suite's
    // request-parity check looks at the client's own bodies).
    operationId: undefined,
    method,
    path: path.startsWith('/') ? path : `/${path}`,
    query,
    body: request.body,
    ...(matched ? { idempotent: isIdempotent(matched.route) } : {}),
    extraHeaders: request.headers,
  };
  if (matched?.route.readBack && !isIdempotent(matched.route)) {
    const write = { operationId: matched.id, readBack: matched.route.readBack, params: matched.params };
    return sendSettled(transport, sent, write, onLostAnswer);
  }
  if (matched?.route.method === 'DELETE') {
    const { id } = matched;
    return sendDelete(transport, sent, successStatusOf(id), onLostAnswer);
  }
  return send(transport, sent);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
