// Routes compiled from the contract's operations table: the server serves exactly the
// operations the client calls and the OpenAPI document describes.
import { operations, pathParamNames, type Operation, type OperationId } from '../contract/operations.js';

export interface CompiledRoute {
  readonly id: OperationId;
  readonly op: Operation;
  readonly pattern: RegExp;
  readonly paramNames: string[];
  /** Literal segments first: `/v1/status-pages/incidents` beats `/v1/status-pages/{statusPageId}`. */
  readonly specificity: string;
}

export type RouteMatch =
  | { kind: 'found'; route: CompiledRoute; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(id: OperationId, op: Operation): CompiledRoute {
  const segments = op.path.split('/').slice(1);
  const source = segments.map((segment) => (/^\{\w+\}$/.test(segment) ? '([^/]+)' : escapeRegExp(segment))).join('/');
  return {
    id,
    op,
    pattern: new RegExp(`^/${source}$`),
    paramNames: pathParamNames(op.path),
    specificity: segments.map((segment) => (segment.startsWith('{') ? '1' : '0')).join(''),
  };
}

export class Router {
  private readonly routes: CompiledRoute[];
  /**
   * The paths with no parameter (`/v1/runtimes`), each with what matching it gave per method:
   * the same every time, so worked out once instead of trying every pattern at each request.
   * Bounded: a method is one node's parser accepts.
   */
  private readonly literal = new Map<string, Map<string, RouteMatch>>();

  constructor(table: Readonly<Record<string, Operation>> = operations) {
    this.routes = (Object.entries(table) as [OperationId, Operation][])
      .map(([id, op]) => compile(id, op))
      .sort((a, b) => a.specificity.localeCompare(b.specificity));
    for (const route of this.routes) if (route.paramNames.length === 0) this.literal.set(route.op.path, new Map());
  }

  match(method: string, pathname: string): RouteMatch {
    const byMethod = this.literal.get(pathname);
    if (!byMethod) return this.search(method, pathname);
    let known = byMethod.get(method);
    if (!known) {
      known = this.search(method, pathname);
      // Shared by the requests that follow: only read.
      if (known.kind === 'found') Object.freeze(known.params);
      byMethod.set(method, Object.freeze(known));
    }
    return known;
  }

  private search(method: string, pathname: string): RouteMatch {
    const allow = new Set<string>();
    for (const route of this.routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      if (route.op.method !== method) {
        allow.add(route.op.method);
        continue;
      }
      const params: Record<string, string> = {};
      let decodable = true;
      route.paramNames.forEach((name, index) => {
        try {
          params[name] = decodeURIComponent(found[index + 1]!);
        } catch {
          decodable = false;
        }
      });
      // A segment that is not valid percent-encoding cannot name anything we store.
      if (!decodable) return { kind: 'not-found' };
      return { kind: 'found', route, params };
    }
    return allow.size ? { kind: 'method-not-allowed', allow: [...allow].sort() } : { kind: 'not-found' };
  }
}
