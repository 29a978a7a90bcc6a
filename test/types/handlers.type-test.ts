// Type-level tests of the handler types (src/server/handlers/types.ts), checked by `npm run
// check` (tsc). Each `@ts-expect-error` line must fail to compile: if the types ever let the
// mistake through, the directive itself becomes the error. Nothing here runs.
import type { ErrorBody } from '../../src/contract/errors.js';
import type { WithoutHandler } from '../../src/server/handlers/index.js';
import { jsonBytes } from '../../src/server/json-bytes.js';
import type { Handler, Handlers } from '../../src/server/handlers/types.js';

declare const incident: { id: string };
declare const handlers: Handlers;

// A handler answers the success status its operation declares, with that status's body.
const ok: Handler<'listRuntimes'> = () => ({ status: 200, body: [] });

// @ts-expect-error listRuntimes declares 200, not 201
const wrongStatus: Handler<'listRuntimes'> = () => ({ status: 201, body: [] });

// @ts-expect-error the body of getIncident's 200 is an incident, not a runtime list
const wrongBody: Handler<'getIncident'> = () => ({ status: 200, body: [] });

// @ts-expect-error an incident without its fields is not an incident
const partialBody: Handler<'getIncident'> = () => ({ status: 200, body: incident });

// Each status goes with its own body: 202 is the pending analysis, 200 the finished one.
const pending: Handler<'getRootCauseAnalysis'> = ({ params }) => ({ status: 202, body: { id: params.id, status: 'PENDING' } });
// @ts-expect-error a finished analysis needs its fields; status 200 does not take the pending body
const mixed: Handler<'getRootCauseAnalysis'> = ({ params }) => ({ status: 200, body: { id: params.id, status: 'PENDING' } });

// Declared errors may be returned with the one error body; undeclared ones may not.
declare const notFound: ErrorBody;
const declaredError: Handler<'getIncident'> = () => ({ status: 404, body: notFound });
// @ts-expect-error listRuntimes has no path id: a 404 is not among its declared errors
const undeclaredError: Handler<'listRuntimes'> = () => ({ status: 404, body: notFound });
// @ts-expect-error getIncident takes no body: 415 is not among its declared errors
const undeclared415: Handler<'getIncident'> = () => ({ status: 415, body: notFound });
// @ts-expect-error its row says notFound: false (a check with no error has no groups): no 404 despite the path id
const declaredAway404: Handler<'listCheckErrorGroups'> = () => ({ status: 404, body: notFound });

// Async handlers are typed as such: a promise of the same results.
const asyncOk: Handler<'listRuntimes'> = async () => ({ status: 200, body: [] });
// @ts-expect-error a promise of the wrong status is as wrong as the status
const asyncWrong: Handler<'listRuntimes'> = async () => ({ status: 204, body: [] });

// The cached-JSON fast path carries bytes of the body's own type.
const cachedOk: Handler<'listRuntimes'> = () => ({ status: 200, body: [], json: jsonBytes([]) });
// @ts-expect-error plain bytes could encode anything
const cachedPlain: Handler<'listRuntimes'> = () => ({ status: 200, body: [], json: Buffer.from('[]') });
// @ts-expect-error the JSON of a string is not the JSON of a runtime list
const cachedWrong: Handler<'listRuntimes'> = () => ({ status: 200, body: [], json: jsonBytes('[]') });

// The request is typed by the operation too: its path parameters, query and body.
const reads: Handler<'getIncidentUpdate'> = ({ params }) => {
  // @ts-expect-error getIncidentUpdate has no {id} in its path
  void params.id;
  void params.incidentUpdateId;
  return { status: 404, body: notFound };
};
const readsBody: Handler<'createIncident'> = ({ body, query }) => {
  void body.name;
  // @ts-expect-error createIncident takes no query
  void query.limit;
  return { status: 400, body: notFound };
};

// The map needs every operation, each with its own handler.
// @ts-expect-error a handler of another operation does not fit
const swapped: Handlers = { ...handlers, listRuntimes: handlers.getIncident };
// @ts-expect-error a missing operation does not compile
const missing: Handlers = { listRuntimes: ok };

// handlers/index.ts's check: the operations the modules' exports lack, and nothing else they hold.
type Exports = Handlers & { DEFAULT_PAGE_SIZE: 10 };
const allThere: { [Id in WithoutHandler<Exports>]: never } = {};
// @ts-expect-error the exports without listRuntimes's handler leave listRuntimes to name
const oneMissing: { [Id in WithoutHandler<Omit<Exports, 'listRuntimes'>>]: never } = {};

void [ok, wrongStatus, wrongBody, partialBody, pending, mixed, declaredError, undeclaredError, undeclared415, declaredAway404];
void [asyncOk, asyncWrong, cachedOk, cachedPlain, cachedWrong, reads, readsBody, swapped, missing, allThere, oneMissing];
