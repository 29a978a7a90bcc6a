// The server's router against the operations table it is built from: every row's path reaches
// that row, a literal segment wins over a parameter at the same place, and a path of no row is
// 404 while a path of rows without the method is 405 listing their methods. What a path should
// reach is worked out here from the templates alone, one way for every path tried.
import { describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../../src/contract/operations.js';
import { Router } from '../../src/server/router.js';
import { ACCOUNT_A, expectError, TWO_ACCOUNTS } from './helpers.js';
import { useTestServer } from '../support/server.js';

const ROWS = (Object.keys(operations) as OperationId[]).map((id) => ({
  id,
  method: operations[id].method as string,
  path: operations[id].path,
  segments: operations[id].path.split('/').slice(1),
}));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const isParam = (segment: string) => /^\{\w+\}$/.test(segment);

/** A value for each parameter that no template has as a literal segment; with a space and a slash, percent-encoded. */
const sampleValue = (name: string) => `sample ${name}/1`;
const pathOf = (segments: readonly string[]) =>
  `/${segments.map((segment) => (isParam(segment) ? encodeURIComponent(sampleValue(segment.slice(1, -1))) : segment)).join('/')}`;

/** The rows whose template matches the (encoded) `pathname`, each with its parameters decoded. */
/** The start of a character's UTF-8 bytes with the last one missing: decodeURIComponent throws. */
const NOT_DECODABLE = '%E0%A4-';

function rowsMatching(pathname: string) {
  if (!pathname.startsWith('/')) return [];
  const have = pathname.split('/').slice(1);
  return ROWS.filter(
    (row) =>
      row.segments.length === have.length && row.segments.every((segment, i) => (isParam(segment) ? have[i] !== '' : segment === have[i])),
  ).map((row) => ({
    ...row,
    params: Object.fromEntries(
      row.segments.flatMap((segment, i) => (isParam(segment) ? [[segment.slice(1, -1), decodeURIComponent(have[i]!)]] : [])),
    ),
  }));
}

/** Literal before parameter, segment by segment from the left: the row a request should reach. */
function mostSpecific<Row extends { segments: string[] }>(rows: Row[]): Row | undefined {
  const rank = (row: Row) => row.segments.map((segment) => (isParam(segment) ? '1' : '0')).join('');
  return [...rows].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0))[0];
}

/** What the router should answer for `method` on `pathname`, from the table alone. */
function expected(method: string, pathname: string) {
  const matching = rowsMatching(pathname);
  const winner = mostSpecific(matching.filter((row) => row.method === method));
  if (winner) return { kind: 'found', id: winner.id, params: winner.params };
  if (matching.length > 0) return { kind: 'method-not-allowed', allow: [...new Set(matching.map((row) => row.method))].sort() };
  return { kind: 'not-found' };
}

function answered(router: Router, method: string, pathname: string) {
  const match = router.match(method, pathname);
  return match.kind === 'found' ? { kind: 'found', id: match.route.id, params: { ...match.params } } : match;
}

/**
 * Each row's path, and each with one parameter replaced by a literal segment another row has at
 * that place (`/v1/status-pages/incidents` for `/v1/status-pages/{statusPageId}`).
 */
function pathsToTry(): string[] {
  const paths = new Set(ROWS.map((row) => pathOf(row.segments)));
  for (const row of ROWS) {
    row.segments.forEach((segment, i) => {
      if (!isParam(segment)) return;
      for (const other of ROWS) {
        const literal = other.segments[i];
        if (other.segments.length !== row.segments.length || !literal || isParam(literal)) continue;
        paths.add(pathOf(row.segments.with(i, literal)));
      }
    });
  }
  return [...paths];
}

describe('the router, from the operations table', () => {
  const router = new Router();

  it('every row is its own template and method: no two rows share both', () => {
    const keys = ROWS.map((row) => `${row.method} ${row.segments.map((segment) => (isParam(segment) ? '{}' : segment)).join('/')}`);
    expect(keys.length).toBeGreaterThan(50);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("routes every row's path, parameters filled with sample values, to that row with them decoded", () => {
    for (const row of ROWS) {
      const pathname = pathOf(row.segments);
      const params = Object.fromEntries(
        row.segments.filter(isParam).map((segment) => [segment.slice(1, -1), sampleValue(segment.slice(1, -1))]),
      );
      expect(answered(router, row.method, pathname), `${row.method} ${row.path}`).toEqual({ kind: 'found', id: row.id, params });
    }
  });

  it('a literal segment wins over a parameter where both exist; the parameter takes it for a method the literal lacks', () => {
    let literalWins = 0;
    let parameterTakes = 0;
    for (const pathname of pathsToTry()) {
      for (const method of METHODS) {
        const want = expected(method, pathname);
        expect(answered(router, method, pathname), `${method} ${pathname}`).toEqual(want);
        if (want.kind !== 'found') continue;
        const rivals = rowsMatching(pathname).filter((row) => row.method === method && row.id !== want.id);
        if (rivals.length > 0) literalWins++;
        if (Object.values(want.params ?? {}).some((value) => !value.startsWith('sample '))) parameterTakes++;
      }
    }
    // The table has both cases (the incidents list beside a status page's id): the test tried them.
    expect(literalWins).toBeGreaterThan(0);
    expect(parameterTakes).toBeGreaterThan(0);
    expect(answered(router, 'GET', '/v1/status-pages/incidents')).toMatchObject({ kind: 'found', id: 'listIncidents' });
  });

  it("wrong methods are 405 with every method of the path's rows; unknown paths are 404", () => {
    let refused = 0;
    for (const pathname of pathsToTry()) {
      const allow = [...new Set(rowsMatching(pathname).map((row) => row.method))].sort();
      for (const method of METHODS.filter((each) => !allow.includes(each))) {
        expect(router.match(method, pathname), `${method} ${pathname}`).toEqual({ kind: 'method-not-allowed', allow });
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(ROWS.length);
    for (const row of ROWS) {
      const pathname = pathOf(row.segments);
      const emptied = row.segments.map((segment) => (isParam(segment) ? '' : segment));
      const unknown = [
        `${pathname}/`,
        `${pathname}/extra`,
        `/v9${pathname}`,
        pathname.slice(1),
        ...(row.segments.some(isParam) ? [`/${emptied.join('/')}`, pathOf(row.segments).replace(/sample%20/g, NOT_DECODABLE)] : []),
      ];
      for (const path of unknown) {
        // A path another row has is that row's (`/x/{id}/extra` may be a template too).
        if (!path.includes(NOT_DECODABLE) && rowsMatching(path).length > 0) continue;
        expect(router.match(row.method, path), `${row.method} ${path}`).toEqual({ kind: 'not-found' });
      }
    }
    expect(router.match('GET', '')).toEqual({ kind: 'not-found' });
    expect(router.match('GET', '/')).toEqual({ kind: 'not-found' });
  });

  it('a path without parameters answers the same each time, for each method', () => {
    const first = router.match('GET', '/v1/runtimes');
    expect(first).toMatchObject({ kind: 'found', route: { id: 'listRuntimes' }, params: {} });
    expect(router.match('GET', '/v1/runtimes')).toEqual(first);
    const refused = router.match('DELETE', '/v1/runtimes');
    expect(refused).toEqual({ kind: 'method-not-allowed', allow: expected('DELETE', '/v1/runtimes').allow });
    expect(router.match('DELETE', '/v1/runtimes')).toEqual(refused);
  });
});

describe('the server answers what the router found', () => {
  const shared = useTestServer(TWO_ACCOUNTS);

  it('405 with the Allow header of the table, 404 for a path of no row', async () => {
    const { server } = shared;
    const path = `/v1/status-pages/${encodeURIComponent(sampleValue('statusPageId'))}`;
    const allow = [...new Set(rowsMatching(path).map((row) => row.method))].sort();
    const wrong = METHODS.find((method) => !allow.includes(method))!;
    expect(allow.length).toBeGreaterThan(0);
    const refused = await server.call(wrong, path, { key: ACCOUNT_A.key, ...(wrong === 'GET' ? {} : { body: {} }) });
    expectError(refused, 405);
    expect(refused.headers.get('allow')).toBe(allow.join(', '));
    expectError(await server.call('GET', '/v1/status-pages/incidents/x/y/z'), 404);
  });
});
