// A check's results as the hosted API lists them (docs/api-rules.md#triage): newest first,
// filtered, paged by a cursor naming the last result served. Results are never deleted, so a
// cursor names the same place however many results come after it.
import type { CheckResult } from '../../contract/schemas.js';
import { badField, notFound } from '../http-error.js';
import type { StoredCheckResult } from '../store/checks.js';
import type { Handler, HandlerRequest } from './types.js';

const DEFAULT_RESULT_PAGE_SIZE = 10;

type Query = HandlerRequest<'listCheckResults'>['query'];

const encode = (resultId: string) => Buffer.from(`result:${resultId}`, 'utf8').toString('base64url');

function decode(cursor: string, byId: (id: string) => StoredCheckResult | undefined): StoredCheckResult {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const found = text.startsWith('result:') ? byId(text.slice('result:'.length)) : undefined;
  if (!found || encode(found.result.id) !== cursor) throw badField('nextId', 'is not a cursor from a previous page of this list');
  return found;
}

/** Whether a result is one the query keeps. */
function keeps(query: Query, checkType: string | undefined): (stored: StoredCheckResult) => boolean {
  return ({ result }) => {
    const at = Date.parse(result.created_at);
    return (
      query.resultType !== 'ATTEMPT' &&
      (query.checkType === undefined || query.checkType === checkType) &&
      (query.location === undefined || result.runLocation === query.location) &&
      (query.hasFailures === undefined || result.hasFailures === query.hasFailures) &&
      (query.from === undefined || at >= query.from * 1000) &&
      (query.to === undefined || at < query.to * 1000)
    );
  };
}

/** The fields asked for (`createdAt` is the hosted projection's name of created_at). */
function project(result: CheckResult, fields: string[] | undefined): Partial<CheckResult> {
  if (!fields) return result;
  const whole = { ...result, createdAt: result.created_at } as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => field in whole).map((field) => [field, whole[field]]));
}

export const listCheckResults: Handler<'listCheckResults'> = ({ params, query, account: { store } }) => {
  const checks = store.records.checks;
  const after = query.nextId === undefined ? undefined : decode(query.nextId, (id) => checks.result(params.checkId, id));
  const limit = query.limit ?? DEFAULT_RESULT_PAGE_SIZE;
  const keep = keeps(query, checks.get(params.checkId)?.checkType);
  const page: CheckResult[] = [];
  let reached = after === undefined;
  let more = false;
  for (const stored of checks.results(params.checkId)) {
    if (!reached) {
      reached = stored === after;
      continue;
    }
    if (!keep(stored)) continue;
    if (page.length === limit) {
      more = true;
      break;
    }
    page.push(stored.result);
  }
  return {
    status: 200,
    body: {
      length: page.length,
      entries: page.map((result) => project(result, query.fields)),
      nextId: more ? encode(page.at(-1)!.id) : null,
    },
  };
};

export const getCheckResult: Handler<'getCheckResult'> = ({ params, account: { store } }) => {
  const stored = store.records.checks.result(params.checkId, params.checkResultId);
  if (!stored) throw notFound('check result', params.checkResultId);
  return { status: 200, body: stored.result };
};
