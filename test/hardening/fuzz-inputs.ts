// What the generated bad input of fuzz.test.ts is made from: the number of runs (FUZZ_RUNS,
// FUZZ_SEED), the account's real ids (filled in by the suite before it runs), a generated case and
// how it is described, and the paths, auth headers and bodies every generator of cases draws from.
import fc from 'fast-check';
import { operations as table, type Operation, type OperationId } from '../../src/contract/operations.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { DEMO_KEYS } from '../../src/server/fixtures/demo/keys.js';
import { demoIds } from '../../src/server/index.js';
import { ACCOUNT_A, ACCOUNT_B, OPERATION_IDS, fillEncoded, routeFor } from './support.js';

/** The table, indexable by any operation id. */
export const operations: Readonly<Record<OperationId, Operation>> = table;

const FULL_RUN = process.env.npm_lifecycle_event === 'test:fuzz';
export const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? (FULL_RUN ? 10_000 : 1500)));
export const RAW_RUNS = Math.max(50, Math.round(RUNS / 10));
// Oversized bodies are rare among the generated cases: they get a run of their own.
export const OVERSIZED_RUNS = Math.max(20, Math.round(RUNS / 20));
export const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
export const FC_OPTIONS = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/merge-patch+json',
];
const DEMO_IDS = demoIds(ACCOUNT_A.id);
export const SERVICE_IDS = Object.values(DEMO_IDS.services);
export const ERROR_GROUP_IDS = Object.values(DEMO_IDS.errorGroups);
export const HEARTBEAT_IDS = Object.values(DEMO_IDS.heartbeatChecks);
/** The demo V3 page's fixture key: its first subscriber's id derives from it. */
const DEMO_IDS_KEYS_V3_PAGE = 'acme-platform';

// ---- the account's real ids, filled in by the suite's beforeAll -------------------------

export const known = {
  statusPages: [] as string[],
  incidents: [] as string[],
  updates: [] as [incident: string, update: string][],
  subscriptions: [] as string[],
  heartbeatEvents: [] as string[],
  maintenanceWindows: [] as string[],
  maintenances: [] as string[],
  maintenanceUpdates: [] as string[],
};
export const allKnownIds = new Set<string>();

/** Real ids for each path parameter: requests whose failure must not depend on the id. */
export function realIds(): Record<string, string[]> {
  return {
    statusPageId: known.statusPages,
    incidentId: known.incidents,
    incidentUpdateId: known.updates.map(([, update]) => update),
    id: [
      ...ERROR_GROUP_IDS,
      ...known.heartbeatEvents,
      '2025.04',
      ...known.maintenanceWindows,
      seededId(ACCOUNT_A.id, 'test-session-error-group', `${DEMO_KEYS.testSessions.deployMain}/#1`),
    ],
    maintenanceId: known.maintenances,
    updateId: known.maintenanceUpdates,
    testSessionErrorGroupId: ERROR_GROUP_IDS,
    errorGroupId: ERROR_GROUP_IDS,
    checkId: [...HEARTBEAT_IDS, ...Object.values(DEMO_IDS.checks)],
    testSessionId: [DEMO_IDS.testSessions.deployMain],
    testSessionResultId: [seededId(ACCOUNT_A.id, 'test-session-result', `${DEMO_KEYS.testSessions.deployMain}/#1`)],
    projectId: ['00000000-0000-4000-8000-0000000000c6'],
    checkSessionId: ['00000000-0000-4000-8000-0000000000c7'],
    checkResultId: [seededId(ACCOUNT_A.id, 'check-result', `${DEMO_KEYS.checks.paymentsApi}/#0`)],
    serviceId: SERVICE_IDS,
    subscriptionId: known.subscriptions,
    componentId: Object.values(DEMO_IDS.v3Components),
    subscriberId: [seededId(ACCOUNT_A.id, 'v3-subscriber', `${DEMO_IDS_KEYS_V3_PAGE}/#0`)],
    ruleId: Object.values(DEMO_IDS.v3AutomationRules),
  };
}

export const BODY_OPS = OPERATION_IDS.filter((id) => operations[id].body);
export const QUERY_OPS = OPERATION_IDS.filter((id) => 'query' in operations[id] && operations[id].query);
/**
 * Operations whose path ids can name nothing, as the table declares: not a heartbeat ping (an
 * unknown check is started by it) nor a check's error groups (an unknown check has none: []).
 */
export const NOT_FOUND_OPS = OPERATION_IDS.filter((id) => operations[id].path.includes('{') && operations[id].errors.includes(404));

// ---- generators --------------------------------------------------------------------------

export interface Case {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
  status: number;
  allow?: string[];
  /** A schema failure: the answer must name the bad fields. */
  details?: boolean;
}

const isDotSegment = (segment: string) => /^(\.|%2e){1,2}$/i.test(segment);

/** Arbitrary ids, already URL-encoded, that name nothing (not known, not a dot segment). */
export const unknownIdArb = fc
  .oneof(
    fc.uuid().map(encodeURIComponent),
    fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).map(encodeURIComponent),
    fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme-ascii' }).map(encodeURIComponent),
    fc.integer({ min: 300, max: 600 }).map((n) => 'x'.repeat(n)),
    // Not valid percent-encoding: can name nothing.
    fc.constantFrom('%zz', '%E0%A4%A', '%', '%C0%AF', '%00', '%FF', '%2F', 'null', 'undefined', '0', '-1', '__proto__', 'constructor'),
  )
  .filter((segment) => segment.length > 0 && !isDotSegment(segment) && !allKnownIds.has(decodeSafe(segment)));

export function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path of the operation, each parameter a real id or an unknown one. */
export function pathArb(id: OperationId, idKind: 'real' | 'unknown' | 'any' = 'any') {
  const names = [...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const real = realIds();
  const paramArb = (name: string) => {
    const known = real[name];
    if (!known) throw new Error(`no real id for the path parameter ${name} of ${id}: add ids of it to realIds()`);
    const reals = known.map(encodeURIComponent);
    if (idKind === 'real') return fc.constantFrom(...reals);
    if (idKind === 'unknown') return unknownIdArb;
    return fc.oneof(fc.constantFrom(...reals), unknownIdArb);
  };
  return (
    fc
      .tuple(...names.map(paramArb))
      .map((values) => fillEncoded(operations[id].path, Object.fromEntries(names.map((name, i) => [name, values[i]!]))))
      // The id must not turn the path into another route (e.g. a status page called "incidents").
      .filter((path) => routeFor(operations[id].method, path) === id)
  );
}

export const validAuth = fc.constantFrom<Record<string, string>>(
  { authorization: `Bearer ${ACCOUNT_A.key}` },
  { authorization: `Bearer ${ACCOUNT_A.key}`, 'x-service-account': ACCOUNT_A.id },
  // RFC 9110 §11.1: the scheme is case-insensitive; extra spaces between scheme and key too.
  { authorization: `bearer ${ACCOUNT_A.key}` },
  { authorization: `BEARER   ${ACCOUNT_A.key}` },
);

export const printable = fc.string({
  minLength: 1,
  maxLength: 60,
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
});

export const brokenAuthArb: fc.Arbitrary<Record<string, string | string[]>> = fc.oneof(
  fc.constant({}),
  fc
    .constantFrom('', 'Bearer', 'Bearer ', 'Bearer    ', 'bearer', 'Token', 'null', 'Bearer null')
    .map((authorization) => ({ authorization })),
  // Another scheme, whatever follows.
  fc
    .tuple(
      fc.constantFrom('Basic', 'Token', 'Digest', 'ApiKey', 'Bearer:', 'Bearer-', 'Bearerx'),
      fc.constantFrom(ACCOUNT_A.key, Buffer.from(`${ACCOUNT_A.id}:${ACCOUNT_A.key}`).toString('base64'), 'x'),
    )
    .map(([scheme, rest]) => ({ authorization: `${scheme} ${rest}` })),
  // The key and then something else: not one token.
  fc.tuple(printable).map(([extra]) => ({ authorization: `Bearer ${ACCOUNT_A.key} ${extra}` })),
  // A key the server does not know: random, or a valid key one character off.
  printable.filter((key) => key !== ACCOUNT_A.key && key !== ACCOUNT_B.key).map((key) => ({ authorization: `Bearer ${key}` })),
  fc
    .constantFrom(
      ACCOUNT_A.key.slice(0, -1),
      `${ACCOUNT_A.key}x`,
      ACCOUNT_A.key.toUpperCase(),
      ACCOUNT_A.key.toLowerCase(),
      `x${ACCOUNT_B.key}`,
    )
    .map((key) => ({ authorization: `Bearer ${key}` })),
  // Two Authorization headers: node keeps the first only for this header, so a bad first fails.
  fc.constant({ authorization: ['Basic abc', `Bearer ${ACCOUNT_A.key}`] as string[] }),
  // The right key without the scheme.
  fc.constant({ authorization: ACCOUNT_A.key }),
);

/** Any target at all: an operation's path with any method, an unknown path. */
export const anyTargetArb = fc.oneof(
  fc.constantFrom(...OPERATION_IDS).chain((id) => fc.tuple(fc.constantFrom(...METHODS), pathArb(id, 'any'))),
  fc.tuple(fc.constantFrom(...METHODS), fc.constantFrom('/', '/v1', '/v2/runtimes', '/_reference', '/nope', '/v1/runtimes/', '/%ff')),
);

export const anyBodyArb = fc.option(
  fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ maxLength: 200 }),
  ),
  { nil: undefined },
);

export const bodyOpArb = fc.constantFrom(...BODY_OPS);

export function describeCase(c: Case): string {
  // Only the head of a body is decoded: an oversized one is over a megabyte, and every case is described.
  const head = typeof c.body === 'string' ? c.body.slice(0, 200) : c.body?.subarray(0, 200).toString();
  const body = c.body === undefined ? '' : ` body(${c.body.length}) ${head}`;
  return `[${c.kind}] ${c.method} ${c.path.slice(0, 300)} ${JSON.stringify(c.headers).slice(0, 300)}${body}`;
}
