// Routes compiled from the contract's operations table: the server serves exactly the
// operations the client calls and the OpenAPI document describes. The table is built once into
// a tree of path segments, so finding a request's route costs a step per segment of its path,
// not a try of every route.
import { operations, pathParamNames, type Operation, type OperationId } from '../contract/operations.js';

export interface CompiledRoute {
  readonly id: OperationId;
  readonly op: Operation;
  readonly paramNames: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: CompiledRoute; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/** One segment position of the paths: the literal segments that follow, one parameter, the routes ending here. */
interface Node {
  readonly literals: Map<string, Node>;
  param: Node | undefined;
  /** By method; the first row of the table wins for a template and method written twice. */
  readonly routes: Map<string, CompiledRoute>;
}

const newNode = (): Node => ({ literals: new Map(), param: undefined, routes: new Map() });
const isParam = (segment: string): boolean => /^\{\w+\}$/.test(segment);

export class Router {
  private readonly root = newNode();
  /**
   * The paths with no parameter (`/v1/runtimes`), each with what matching it gave per method:
   * the same every time, so worked out once. Bounded: a method is one node's parser accepts.
   */
  private readonly literal = new Map<string, Map<string, RouteMatch>>();

  constructor(table: Readonly<Record<string, Operation>> = operations) {
    for (const [id, op] of Object.entries(table) as [OperationId, Operation][]) {
      let node = this.root;
      for (const segment of op.path.split('/').slice(1)) {
        if (isParam(segment)) node = node.param ??= newNode();
        else {
          let next = node.literals.get(segment);
          if (!next) node.literals.set(segment, (next = newNode()));
          node = next;
        }
      }
      const route: CompiledRoute = { id, op, paramNames: pathParamNames(op.path) };
      if (!node.routes.has(op.method)) node.routes.set(op.method, route);
      if (route.paramNames.length === 0) this.literal.set(op.path, new Map());
    }
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
    if (!pathname.startsWith('/')) return { kind: 'not-found' };
    const segments = pathname.split('/').slice(1);
    const values: string[] = [];
    const allow = new Set<string>();
    // Depth first, a literal segment before a parameter: `/v1/status-pages/incidents` is the
    // incidents list, not a status page's id, unless the list has no route for the method.
    const walk = (node: Node, index: number): CompiledRoute | undefined => {
      if (index === segments.length) {
        const route = node.routes.get(method);
        if (!route) for (const other of node.routes.keys()) allow.add(other);
        return route;
      }
      const segment = segments[index]!;
      const literal = node.literals.get(segment);
      const found = literal && walk(literal, index + 1);
      if (found || !node.param || segment === '') return found;
      values.push(segment);
      return walk(node.param, index + 1) ?? void values.pop();
    };
    const route = walk(this.root, 0);
    if (!route) return allow.size ? { kind: 'method-not-allowed', allow: [...allow].sort() } : { kind: 'not-found' };
    const params: Record<string, string> = {};
    try {
      route.paramNames.forEach((name, index) => {
        params[name] = decodeURIComponent(values[index]!);
      });
    } catch {
      // A segment that is not valid percent-encoding cannot name anything we store.
      return { kind: 'not-found' };
    }
    return { kind: 'found', route, params };
  }
}
