// One handler per operation of the contract, each exported by its module under the operation's
// id: nothing here names an operation. A row of the table without a handler of its name fails
// to compile below, in one error naming the operations without one and nothing else; a handler
// of the wrong operation's type fails too, naming it.
import { routes, type OperationId } from '../../contract/table.js';
import * as checks from './checks.js';
import * as checkResults from './check-results.js';
import * as checkSessions from './check-sessions.js';
import * as checkStatuses from './check-statuses.js';
import * as clock from './clock.js';
import * as errorGroups from './error-groups.js';
import * as heartbeats from './heartbeats.js';
import * as incidents from './incidents.js';
import * as maintenanceUpdates from './maintenance-updates.js';
import * as maintenanceWindows from './maintenance-windows.js';
import * as reference from './reference.js';
import * as rootCauseAnalyses from './root-cause-analyses.js';
import * as runtimes from './runtimes.js';
import * as services from './services.js';
import * as statusPages from './status-pages.js';
import * as subscriptions from './subscriptions.js';
import * as testSessionErrorGroups from './test-session-error-groups.js';
import * as testSessions from './test-sessions.js';
import * as v3Incidents from './v3-incidents.js';
import * as v3AutomationRules from './v3-automation-rules.js';
import * as v3Subscribers from './v3-subscribers.js';
import type { Handler, Handlers } from './types.js';
import * as v3Components from './v3-components.js';
import * as v3StatusPages from './v3-status-pages.js';

const exported = {
  ...checks,
  ...checkResults,
  ...checkSessions,
  ...checkStatuses,
  ...clock,
  ...errorGroups,
  ...heartbeats,
  ...incidents,
  ...maintenanceWindows,
  ...maintenanceUpdates,
  ...reference,
  ...rootCauseAnalyses,
  ...runtimes,
  ...services,
  ...statusPages,
  ...subscriptions,
  ...testSessions,
  ...testSessionErrorGroups,
  ...v3Components,
  ...v3StatusPages,
  ...v3Incidents,
  ...v3Subscribers,
  ...v3AutomationRules,
};

/** The operations of the table that `exports` holds no handler for. */
export type WithoutHandler<Exports> = Exclude<OperationId, keyof Exports>;

// Each operation without a handler is a key this object lacks, so the compiler's message names
// those operations only (comparing the modules with Handlers would name every export instead).
const everyOperationHasAHandler: { readonly [Id in WithoutHandler<typeof exported>]: never } = {};
void everyOperationHasAHandler;

/** The modules' handlers, each checked against its own operation; their other exports left out. */
const found: { readonly [Id in OperationId & keyof typeof exported]: Handler<Id> } = exported;

/** Every operation's handler, and nothing else the modules export. */
// All of them, as checked just above: the assertion only keeps a missing one from being
// reported a second time, here, with the whole list of exports.
export const handlers: Handlers = mapHandlers(found as Handlers, (handler) => handler);

type Wrap = <Id extends OperationId>(handler: Handler<Id>) => Handler<Id>;

/**
 * The map with every handler wrapped by `wrap`, which keeps each one's type (a wrapper that
 * changed what a handler answers would not compile). Made by walking the operations table, so
 * the result holds the operations' handlers only, whatever else `map` holds.
 */
export function mapHandlers(map: Handlers, wrap: Wrap): Handlers {
  const entries = (Object.keys(routes) as OperationId[]).map((id) => [id, wrapOne(map, wrap, id)] as const);
  // The one assertion, and the runtime's to make: TypeScript cannot follow the walk over the
  // table's ids to the mapped type; each entry was checked against its own operation in wrapOne.
  return Object.fromEntries(entries) as unknown as Handlers;
}

/** Generic in the id, so the wrapped handler is checked against its own operation. */
function wrapOne<Id extends OperationId>(map: Handlers, wrap: Wrap, id: Id): Handler<Id> {
  return wrap(map[id]);
}
