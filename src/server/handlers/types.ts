// What a handler sees and returns: a validated request in, a status and a body out. The
// pipeline (http.ts) has already done auth, routing and validation.
//
// A handler is typed by its operation, like ts-rest's `implement`: its request from the
// operation's schemas, its result from the operation's responses in the contract table. A
// handler that answers a status its operation does not declare, or a body that is not that
// status's schema, does not compile (test/types/handlers.type-test.ts shows it).
import type { z } from 'zod';
import type { ErrorStatusOf } from '../../contract/error-responses.js';
import type { ErrorBody } from '../../contract/errors.js';
import type { OperationId, Operations } from '../../contract/operations.js';
import type { PathParamNames } from '../../contract/rules.js';
import type { JsonBytes } from '../json-bytes.js';
import type { AccountStore } from '../store.js';

/** Services the handlers share; one per running server. */
export interface AppContext {
  /** Milliseconds since the epoch; injectable so tests control time. */
  now(): number;
  newId(): string;
  /** Generates the analysis later (after rcaDelayMs) and stores it in the account's store. */
  scheduleAnalysis(store: AccountStore, analysisId: string): void;
  /** The server's own address (`http://HOST:PORT`), for the links of test and check sessions; default the usual one. */
  baseUrl?: () => string;
  /** Runs a check session's check after --run-delay (check-runner.ts). */
  scheduleCheckRun?: (store: AccountStore, checkSessionId: string) => void;
  /** Waits `ms` on the server's clock (a completion's bound), ending early when the server stops. */
  wait?: (ms: number) => Promise<void>;
  /** Only with --test-clock: moves the clock now() reads (clock.ts). */
  testClock?: { moveTo(ms: number): void };
  /** The next maintenance window id: whole numbers, one series for the server's accounts. */
  nextWindowId?(): number;
  /**
   * Tells the open status pages among `statusPageIds` that a maintenance they show (or showed)
   * changed: one maintenance (`id`), or the window's (no `id`).
   */
  tellPages?(store: AccountStore, statusPageIds: readonly string[], maintenance: { maintenanceWindowId: number; id?: string }): void;
  /** Brings every account's maintenance windows up to the clock (after the test clock moved). */
  catchUpAll?(): void;
}

export interface AccountScope {
  id: string;
  store: AccountStore;
}

export interface HandlerRequest<Id extends OperationId> {
  params: Record<PathParamNames<Operations[Id]['path']>, string>;
  query: Operations[Id] extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
  body: Operations[Id] extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
  account: AccountScope;
  app: AppContext;
}

type Responses<Id extends OperationId> = Operations[Id]['responses'];
type SuccessStatus<Id extends OperationId> = keyof Responses<Id> & number;
/** The body an operation answers with a given success status. */
export type ResponseBody<Id extends OperationId, Status extends SuccessStatus<Id>> = Responses<Id>[Status] extends z.ZodType
  ? Readonly<z.output<Responses<Id>[Status]>>
  : never;

/** What gets serialised may be read-only all the way down (the runtimes table is). */
type Readonly<T> = T extends readonly (infer U)[]
  ? readonly Readonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Readonly<T[K]> }
    : T;

/** One of the operation's success responses: the status, its body, and optionally the body's JSON already encoded. */
export type SuccessResult<Id extends OperationId> = {
  [Status in SuccessStatus<Id>]: {
    status: Status;
    body: ResponseBody<Id, Status>;
    /** JSON.stringify(body) as UTF-8, when the handler already has it (cached by the store). */
    json?: JsonBytes<ResponseBody<Id, Status>>;
  };
}[SuccessStatus<Id>];

/** An error the operation declares (contract/error-responses.ts), as the one error body. */
export interface ErrorResult<Id extends OperationId> {
  status: ErrorStatusOf<Operations[Id]>;
  body: ErrorBody;
  json?: undefined;
}

export type HandlerResult<Id extends OperationId> = SuccessResult<Id> | ErrorResult<Id>;

/** Synchronous for the in-memory store; a promise where the answer waits for something (its changes made durable, with --data). */
export type Handler<Id extends OperationId> = (request: HandlerRequest<Id>) => HandlerResult<Id> | Promise<HandlerResult<Id>>;
export type Handlers = { [Id in OperationId]: Handler<Id> };
