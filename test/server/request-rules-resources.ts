// The request-rules rows of the other bodies: bulk subscriptions, analysis requests and the
// error group PATCH.
import { expect } from 'vitest';
import { c, type Row, subscribe, subscribeCase } from './request-rules-cases.js';

export const RESOURCE_ROWS: Row[] = [
  {
    field: 'bulk subscriptions: `subscriptions`',
    upstream: 'BulkCreateSubscriptionsPayload: required array, minItems 1, maxItems 100',
    server: 'missing, not an array, empty or over 100 items: 400; absent body: 400',
    cases: [
      c('absent body', 'createSubscriptions', 400, { detail: 'body' }),
      subscribeCase('missing', () => ({ autoVerify: true }), 400, { detail: 'subscriptions' }),
      subscribeCase('empty', () => ({ subscriptions: [] }), 400, { detail: 'subscriptions' }),
      subscribeCase('101 items', () => subscribe({}, ...Array.from({ length: 101 }, (_, i) => `u${i}@example.com`)), 400, {
        detail: 'subscriptions',
      }),
      subscribeCase('100 items', () => subscribe({}, ...Array.from({ length: 100 }, (_, i) => `u${i}@example.com`)), 201),
    ],
  },
  {
    field: 'bulk subscriptions: `subscriptions[].type`, `.config`',
    upstream: 'type: required, enum EMAIL; config: required string',
    server: 'type missing or another value: 400; config missing, not a string **or not an email address**: 400 naming the item',
    cases: [
      subscribeCase('another type', () => ({ subscriptions: [{ type: 'SMS', config: 'ops@example.com' }] }), 400, {
        detail: 'subscriptions[0].type',
      }),
      subscribeCase('no config', () => ({ subscriptions: [{ type: 'EMAIL' }] }), 400, { detail: 'subscriptions[0].config' }),
      subscribeCase('not an email address', () => subscribe({}, 'ops@example.com', 'ops at example'), 400, {
        detail: 'subscriptions[1].config',
        notes: true,
      }),
      subscribeCase('other fields', () => ({ subscriptions: [{ type: 'EMAIL', config: 'ops@example.com', name: 'x' }] }), 400, {
        detail: 'subscriptions[0].name',
        notes: true,
      }),
    ],
  },
  {
    field: 'bulk subscriptions: `autoVerify`; other fields',
    upstream: 'optional boolean, default false; others not in the schema',
    server: 'not a boolean: 400; absent: false (PENDING); any other field: 400 `is not allowed`',
    cases: [
      subscribeCase('a string', () => subscribe({ autoVerify: 'yes' }), 400, { detail: 'autoVerify' }),
      subscribeCase('true', () => subscribe({ autoVerify: true }), 201, { check: (json) => expect(json.status).toBe('VERIFIED') }),
      subscribeCase('an unknown field', () => subscribe({ notify: true }), 400, { detail: 'notify', notes: true }),
    ],
  },
  {
    field: 'analysis request: the body',
    upstream: 'PostRcaErrorGroup: object, nullable, optional',
    server: 'absent, `null` or `{}`: 202; an array or a string: 400',
    cases: [
      c('absent', 'requestRootCauseAnalysis', 202),
      c('null', 'requestRootCauseAnalysis', 202, { body: () => null }),
      c('{}', 'requestRootCauseAnalysis', 202, { body: () => ({}) }),
      c('an array', 'requestRootCauseAnalysis', 400, { body: () => [], detail: 'body' }),
      c("absent, a check's group", 'requestErrorGroupAnalysis', 202),
      c("an array, a check's group", 'requestErrorGroupAnalysis', 400, { body: () => [], detail: 'body' }),
    ],
  },
  {
    field: 'analysis request: `userContext`',
    upstream: 'optional string, nullable, maxLength 256',
    server: 'not a string, or over 256 characters: 400; `null` accepted',
    cases: [
      c('257 characters', 'requestRootCauseAnalysis', 400, { body: () => ({ userContext: 'x'.repeat(257) }), detail: 'userContext' }),
      c('a number', 'requestRootCauseAnalysis', 400, { body: () => ({ userContext: 5 }), detail: 'userContext' }),
      c('256 characters', 'requestRootCauseAnalysis', 202, { body: () => ({ userContext: 'x'.repeat(256) }) }),
      c('null', 'requestRootCauseAnalysis', 202, { body: () => ({ userContext: null }) }),
      c("257 characters, a check's group", 'requestErrorGroupAnalysis', 400, {
        body: () => ({ userContext: 'x'.repeat(257) }),
        detail: 'userContext',
      }),
    ],
  },
  {
    field: 'analysis request: other fields',
    upstream: 'not in the schema',
    server: '400 `is not allowed`',
    cases: [c('an unknown field', 'requestRootCauseAnalysis', 400, { body: () => ({ context: 'x' }), detail: 'context', notes: true })],
  },
  {
    field: 'error group PATCH: `archiveForEver`, `archivedUntilNextEvent`',
    upstream: 'ErrorGroupPatch: optional booleans',
    server: 'not a boolean: 400; neither given: 400; other fields: 400',
    cases: [
      c('a string', 'updateErrorGroup', 400, { body: () => ({ archiveForEver: 'yes' }), detail: 'archiveForEver' }),
      c('neither', 'updateErrorGroup', 400, { body: () => ({}), notes: true }),
      c('an unknown field', 'updateErrorGroup', 400, { body: () => ({ archiveForEver: true, snooze: 1 }), detail: 'snooze', notes: true }),
      c('one', 'updateErrorGroup', 200, { body: () => ({ archivedUntilNextEvent: true }) }),
    ],
  },
];
