// What a handler sees and returns: a validated request in, a status and a body out. The
// pipeline (http.ts) has already done auth, routing and validation.
import type { z } from 'zod';
import type { OperationId, Operations } from '../../contract/operations.js';
import type { AccountStore } from '../store.js';

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** Services the handlers share; one per running server. */
export interface AppContext {
  /** Milliseconds since the epoch; injectable so tests control time. */
  now(): number;
  newId(): string;
  /** Generates the analysis later (after rcaDelayMs) and stores it in the account's store. */
  scheduleAnalysis(store: AccountStore, analysisId: string): void;
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

export interface HandlerResult {
  status: number;
  body: unknown;
  /** JSON.stringify(body) as UTF-8, when the handler already has it (cached by the store). */
  json?: Buffer;
}

export type Handler<Id extends OperationId> = (request: HandlerRequest<Id>) => HandlerResult;
export type Handlers = { [Id in OperationId]: Handler<Id> };
