// Generated bad requests that are not about the body's bytes: broken auth, another account, a
// method the route does not take, an unknown route, an invalid query, shapes the handlers refuse,
// and ids that name nothing.
import fc from 'fast-check';
import type { z } from 'zod';
import { uuidParams, type OperationId } from '../../src/contract/operations.js';
import { isUuid } from '../../src/contract/rules.js';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  NOW,
  OPERATION_IDS,
  allowedMethods,
  fillEncoded,
  routeFor,
  routesMatching,
  serverPathname,
} from './support.js';
import { baseBodies } from './bodies.js';
import {
  anyBodyArb,
  anyTargetArb,
  brokenAuthArb,
  type Case,
  decodeSafe,
  HEARTBEAT_IDS,
  JSON_TYPES,
  known,
  METHODS,
  NOT_FOUND_OPS,
  operations,
  pathArb,
  printable,
  QUERY_OPS,
  realIds,
  SERVICE_IDS,
  unknownIdArb,
  validAuth,
} from './fuzz-inputs.js';

export const authCase: fc.Arbitrary<Case> = fc
  .tuple(anyTargetArb, brokenAuthArb, anyBodyArb, fc.constantFrom(...JSON_TYPES))
  .map(([[method, path], headers, body, type]) => ({
    kind: 'broken auth',
    method,
    path,
    headers: body === undefined ? headers : { ...headers, 'content-type': type },
    body,
    status: 401,
  }));

export const accountCase: fc.Arbitrary<Case> = fc
  .tuple(
    anyTargetArb,
    fc.oneof(
      fc.constantFrom<string | string[]>(
        ACCOUNT_B.id,
        ACCOUNT_A.id.toUpperCase(),
        `${ACCOUNT_A.id}x`,
        [ACCOUNT_A.id, ACCOUNT_A.id],
        'null',
        '*',
      ),
      printable.filter((id) => id !== ACCOUNT_A.id),
    ),
  )
  .map(([[method, path], account]) => ({
    kind: 'another account',
    method,
    path,
    headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'x-service-account': account },
    // The hosted API takes the header only as a UUID (400); another account's is refused (403).
    status: typeof account === 'string' && isUuid(account) ? 403 : 400,
  }));

export const methodCase: fc.Arbitrary<Case> = fc
  .oneof(
    fc.constantFrom(...OPERATION_IDS).chain((id) => pathArb(id, 'any')),
    fc.constant('/openapi.json'),
  )
  .chain((path) => {
    const allow = path === '/openapi.json' ? ['GET'] : allowedMethods(path);
    const wrong = METHODS.filter((method) => !allow.includes(method));
    return fc.tuple(fc.constant(path), fc.constant(allow), fc.constantFrom(...wrong), validAuth, anyBodyArb);
  })
  .map(([path, allow, method, auth, body]) => ({
    kind: 'wrong method',
    method,
    path,
    headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    body,
    status: 405,
    allow,
  }));

const SEGMENTS = [
  'v1',
  'v2',
  '_reference',
  'status-pages',
  'incidents',
  'incident-updates',
  'error-groups',
  'checks',
  'heartbeats',
  'availability',
  'runtimes',
  'root-cause-analyses',
  'test-session-error-groups',
  'events',
  'error-events',
  'openapi.json',
  '',
  '.',
  '..',
  '%2e',
  'x',
  '%ZZ',
  '%00',
  '%C3%A9',
  '~',
  '%',
];
export const unknownRouteCase: fc.Arbitrary<Case> = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 12, unit: 'grapheme' }).map(encodeURIComponent)), {
      minLength: 0,
      maxLength: 7,
    }),
    fc.constantFrom('', '/', '?limit=5', '?x=%zz', '#frag'),
    fc.constantFrom(...METHODS),
    validAuth,
  )
  .map(([segments, tail, method, auth]) => ({ path: `/${segments.join('/')}${tail}`, method, auth }))
  .filter(({ path }) => {
    const pathname = serverPathname(path);
    return pathname !== '/openapi.json' && routesMatching(path).length === 0;
  })
  .map(({ path, method, auth }) => ({ kind: 'unknown route', method, path, headers: auth, status: 404 }));

/** Values that a query parameter with any rule of form (a number, a date, an enum) refuses. */
const BAD_VALUES = [
  '0',
  '101',
  '1.5',
  'abc',
  '-1',
  '0x10',
  '1e2',
  ' 5',
  '５',
  '2025-02-30',
  '2025-3-1',
  'now',
  '99999-01-01',
  '2025-03-10T10:00',
];

/** One element that makes the query invalid, among valid ones. */
export const queryCase: fc.Arbitrary<Case> = fc
  .constantFrom(...QUERY_OPS)
  .chain((id) => {
    const shape = (operations[id].query as z.ZodObject).shape as Record<string, z.ZodType>;
    const names = Object.keys(shape);
    const validValues: Record<string, string[]> = {
      limit: ['1', '20', '100'],
      startTime: ['2025-03-01', '2025-03-01T00:00:00Z'],
      endTime: ['2025-03-09', '2025-03-10T00:00:00+02:00'],
    };
    const badValue = (name: string) =>
      fc
        .oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...BAD_VALUES))
        .filter((value) => value !== '' && !shape[name]!.safeParse(value).success);
    const bogusCursor = fc
      .oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.base64String({ minLength: 4, maxLength: 40 }))
      .filter((cursor) => {
        const decoded = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
        return !/^\w+:\d{1,15}$/.test(decoded);
      });
    // A name whose schema takes every value of BAD_VALUES (a free-text filter such as a branch
    // name) has no bad value to generate: the filter above would retry forever.
    const checkedNames = names.filter(
      (name) => name !== 'nextId' && name !== 'incidentId' && BAD_VALUES.some((value) => !shape[name]!.safeParse(value).success),
    );
    const invalid = fc.oneof(
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !names.includes(name)),
          fc.string({ maxLength: 10 }),
        )
        .map(([name, value]) => [[name, value]] as [string, string][]),
      fc.constantFrom(...names).map(
        (name) =>
          [
            [name, validValues[name]?.[0] ?? 'x'],
            [name, validValues[name]?.[0] ?? 'x'],
          ] as [string, string][],
      ),
      fc.constantFrom(...names).map((name) => [[name, '']] as [string, string][]),
      // Any non-empty nextId (or incidentId) passes the schema; a bogus cursor is its own case below.
      ...(checkedNames.length
        ? [fc.constantFrom(...checkedNames).chain((name) => badValue(name).map((value) => [[name, value]] as [string, string][]))]
        : []),
      ...(names.includes('nextId') ? [bogusCursor.map((cursor) => [['nextId', cursor]] as [string, string][])] : []),
      ...(names.includes('startTime')
        ? [
            fc.tuple(fc.integer({ min: 1, max: 3650 }), fc.boolean()).map(([days, dateOnly]) => {
              const end = Date.parse('2025-03-01T00:00:00Z');
              const start = end + days * 86_400_000;
              const format = (ms: number) => (dateOnly ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString());
              return [
                ['startTime', format(start)],
                ['endTime', format(end)],
              ] as [string, string][];
            }),
          ]
        : []),
    );
    const valid = fc
      .subarray(names.filter((name) => validValues[name] && name !== 'startTime' && name !== 'endTime'))
      .map((chosen) => chosen.map((name) => [name, validValues[name]![1]!] as [string, string]));
    return fc.tuple(fc.constant(id), pathArb(id, 'any'), validAuth, invalid, valid, fc.boolean());
  })
  .map(([id, path, auth, invalid, valid, invalidFirst]) => {
    const entries = invalidFirst
      ? [...invalid, ...valid.filter(([name]) => !invalid.some(([bad]) => bad === name))]
      : [...valid.filter(([name]) => !invalid.some(([bad]) => bad === name)), ...invalid];
    return {
      kind: 'bad query',
      method: operations[id].method,
      path: `${path}?${new URLSearchParams(entries).toString()}`,
      headers: auth,
      status: 400,
    };
  });

/** Valid shapes the handlers refuse: unknown services, events from the future. */
export const handlerCase: fc.Arbitrary<Case> = fc.oneof(
  fc
    .tuple(
      validAuth,
      unknownIdArb.map(decodeSafe).filter((id) => id.length > 0 && !SERVICE_IDS.includes(id)),
      fc.nat(3),
    )
    .map(([auth, serviceId, position]) => {
      const base = baseBodies().createIncident as { services: { id: string }[] };
      const services = [...base.services];
      services.splice(Math.min(position, services.length), 0, { id: serviceId });
      return {
        kind: 'unknown service',
        method: 'POST',
        path: '/v1/status-pages/incidents',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ...base, services }),
        status: 400,
      };
    }),
  fc
    .tuple(
      fc.constantFrom<OperationId>('recordErrorEvent', 'recordHeartbeatEvent'),
      validAuth,
      fc.integer({ min: 1, max: 100 * 365 * 86_400_000 }),
      fc.constantFrom('Z', '+14:00', '-12:00'),
    )
    .chain(([id, auth, ahead, zone]) =>
      fc.tuple(
        fc.constant(id),
        fc.constant(auth),
        fc.constant(ahead),
        fc.constant(zone),
        id === 'recordHeartbeatEvent' ? fc.oneof(fc.constantFrom(...HEARTBEAT_IDS.map(encodeURIComponent)), unknownIdArb) : fc.constant(''),
      ),
    )
    .map(([id, auth, ahead, zone, checkId]) => {
      const offsetMs = zone === 'Z' ? 0 : (zone.startsWith('+') ? 1 : -1) * Number(zone.slice(1, 3)) * 3_600_000;
      const timestamp = new Date(NOW + ahead + offsetMs).toISOString().replace('Z', zone === 'Z' ? 'Z' : zone);
      const body = { ...(baseBodies()[id] as object), timestamp };
      const path = id === 'recordHeartbeatEvent' ? fillEncoded(operations[id].path, { checkId }) : operations[id].path;
      return {
        kind: 'event in the future',
        method: 'POST',
        path,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        status: 400,
      };
    })
    .filter((c) => routesMatching(c.path).length === 1),
);

/** Everything valid but the id, which names nothing: 404, after the other checks passed. */
export const unknownIdCase: fc.Arbitrary<Case> = fc
  .constantFrom(...NOT_FOUND_OPS)
  .chain((id) => {
    const names = [...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const real = realIds();
    // At least one parameter unknown; for an incident update, also a real update of another incident.
    const params = fc.tuple(...names.map(() => fc.boolean())).chain((unknownFlags) => {
      const flags = unknownFlags.some(Boolean) ? unknownFlags : unknownFlags.map(() => true);
      return fc.tuple(...names.map((name, i) => (flags[i] ? unknownIdArb : fc.constantFrom(...real[name]!.map(encodeURIComponent)))));
    });
    const crossed =
      id === 'getIncidentUpdate' || id === 'updateIncidentUpdate'
        ? fc.constantFrom(...crossedUpdates()).map(([incident, update]) => [encodeURIComponent(incident), encodeURIComponent(update)])
        : params;
    return fc.tuple(fc.constant(id), fc.constant(names), fc.oneof(params, crossed), validAuth);
  })
  .map(([id, names, values, auth]) => ({ id, names, values, auth }))
  // An id may make the path no route at all (also a 404), but must not make it another route.
  .filter(({ id, names, values }) => {
    const path = fillEncoded(operations[id].path, Object.fromEntries(names.map((name, i) => [name, values[i]!])));
    return routesMatching(path).length === 0 || routeFor(operations[id].method, path) === id;
  })
  .map(({ id, names, values, auth }) => {
    const path = fillEncoded(operations[id].path, Object.fromEntries(names.map((name, i) => [name, values[i]!])));
    const body = baseBodies()[id];
    // Where the hosted API checks the ids' form (checksIdForm), one that is not a UUID is a 400
    // naming it, before any lookup; an id that makes the path no route is still a 404.
    const malformed =
      operations[id].checksIdForm === true &&
      routeFor(operations[id].method, path) === id &&
      uuidParams(operations[id]).some((name) => !isUuid(decodeSafe(values[names.indexOf(name)]!)));
    return {
      kind: malformed ? 'id not a UUID' : 'unknown id',
      method: operations[id].method,
      path,
      headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      status: malformed ? 400 : 404,
      ...(malformed ? { details: true } : {}),
    };
  });

/** Pairs (incident, update of another incident). */
function crossedUpdates(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [incident] of known.updates) {
    const other = known.updates.find(([owner]) => owner !== incident);
    if (other) pairs.push([incident, other[1]]);
  }
  return pairs.length ? pairs : [['no-incident', 'no-update']];
}
