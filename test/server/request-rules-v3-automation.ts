// The request-rules rows of check results, V3 subscribers and V3 automation rules.
import { demoIds } from '../../src/server/index.js';
import { ACCOUNT_A } from './helpers.js';
import { c, type Row, sampleBody } from './request-rules-cases.js';

const A = demoIds(ACCOUNT_A.id);
const PAGE = { statusPageId: A.v3StatusPages.acmePlatform };

let checks = 0;
/** A check of its own: a row's new check is new to every case. */
const newCheck = () => `00000000-0000-4000-8000-${(0xbeef00000000 + ++checks).toString(16)}`;
const result = (overrides: Record<string, unknown> = {}) => ({
  ...(sampleBody('recordCheckResult') as object),
  checkId: newCheck(),
  ...overrides,
});
const withoutField = (field: string) => () => {
  const body: Record<string, unknown> = result();
  delete body[field];
  return body;
};

let addresses = 0;
const subscriber = (config: Record<string, unknown>) => ({ subscriptions: [{ type: 'EMAIL', config }] });
const address = () => `v3-row+${++addresses}@example.com`;
const rule = (overrides: Record<string, unknown> = {}) => ({
  ...(sampleBody('createV3AutomationRule') as object),
  components: [{ componentId: A.v3Components.restApi, targetImpact: 'PARTIAL_OUTAGE' }],
  ...overrides,
});

export const V3_AUTOMATION_ROWS: Row[] = [
  {
    field: 'check results (reference only): `checkId`, `outcome`',
    upstream: '(reference server only)',
    server: 'checkId missing or not a UUID: 400; outcome missing or not `passed`, `failed`, `degraded`: 400',
    cases: [
      c('checkId not a UUID', 'recordCheckResult', 400, { body: () => result({ checkId: 'checkout-api' }), detail: 'checkId' }),
      c('outcome unknown', 'recordCheckResult', 400, { body: () => result({ outcome: 'broken' }), detail: 'outcome' }),
      c('the sample', 'recordCheckResult', 201, { body: () => result() }),
    ],
  },
  {
    field: 'check results (reference only): `name`, `checkType`, `tags`',
    upstream: '(reference server only)',
    server: "required when the check is new (400 naming the one missing); checkType one of the hosted document's check types",
    cases: [
      c('new, no name', 'recordCheckResult', 400, { body: withoutField('name'), detail: 'name' }),
      c('new, no checkType', 'recordCheckResult', 400, { body: withoutField('checkType'), detail: 'checkType' }),
      c('new, no tags', 'recordCheckResult', 400, { body: withoutField('tags'), detail: 'tags' }),
      c('checkType unknown', 'recordCheckResult', 400, { body: () => result({ checkType: 'SMOKE' }), detail: 'checkType' }),
      c('known, nothing but the outcome', 'recordCheckResult', 201, { body: () => ({ checkId: A.checks.ordersApi, outcome: 'passed' }) }),
    ],
  },
  {
    field: 'check results (reference only): `responseTime`, `timestamp`',
    upstream: '(reference server only)',
    server: 'responseTime a number from 0; timestamp an ISO date-time, not in the future: else 400',
    cases: [
      c('negative responseTime', 'recordCheckResult', 400, { body: () => result({ responseTime: -1 }), detail: 'responseTime' }),
      c('timestamp a date', 'recordCheckResult', 400, { body: () => result({ timestamp: '2025-03-10' }), detail: 'timestamp' }),
      c('timestamp in the future', 'recordCheckResult', 400, {
        body: () => result({ timestamp: '2999-01-01T00:00:00Z' }),
        detail: 'timestamp',
      }),
    ],
  },
  {
    field: 'V3 bulk subscribers: `subscriptions[].config.address`, `.subscribedComponents`',
    upstream: 'address: required, email; subscribedComponents: array of GUIDs, maxItems 200, nullable',
    server:
      "address missing or not an email: 400; subscribedComponents over 200, not UUIDs, **or not the page's components**: 400 naming the item",
    cases: [
      c('no address', 'createV3Subscribers', 400, { params: PAGE, body: () => subscriber({}), detail: 'subscriptions[0].config.address' }),
      c('not a UUID', 'createV3Subscribers', 400, {
        params: PAGE,
        body: () => subscriber({ address: address(), subscribedComponents: ['rest-api'] }),
        detail: 'subscriptions[0].config.subscribedComponents[0]',
      }),
      c('not a component of the page', 'createV3Subscribers', 400, {
        params: PAGE,
        body: () =>
          subscriber({ address: address(), subscribedComponents: [demoIds('00000000-0000-4000-8000-0000000000ff').v3Components.login] }),
        detail: 'subscriptions[0].config.subscribedComponents[0]',
        notes: true,
      }),
      c('null: every component', 'createV3Subscribers', 201, {
        params: PAGE,
        body: () => subscriber({ address: address(), subscribedComponents: null }),
      }),
      c("the page's components", 'createV3Subscribers', 201, {
        params: PAGE,
        body: () => subscriber({ address: address(), subscribedComponents: [A.v3Components.restApi, A.v3Components.core] }),
      }),
    ],
  },
  {
    field: 'query `status` (V3 subscribers)',
    upstream: 'enum PENDING, VERIFIED',
    server: 'another value, empty or given twice: 400',
    cases: [
      c('ACTIVE', 'listV3Subscribers', 400, { params: PAGE, query: '?status=ACTIVE', detail: 'status' }),
      c('VERIFIED', 'listV3Subscribers', 200, { params: PAGE, query: '?status=VERIFIED' }),
    ],
  },
  {
    field: 'V3 automation rules: `name`, `firstUpdate`, `lastUpdate`, `tags`',
    upstream: 'name (maxLength 255), firstUpdate, lastUpdate, tags (minItems 1): required strings',
    server: 'missing or not a string: 400; **empty**: 400; tags empty: 400',
    cases: [
      c('no name', 'createV3AutomationRule', 400, { params: PAGE, body: () => rule({ name: undefined }), detail: 'name' }),
      c('empty firstUpdate', 'createV3AutomationRule', 400, {
        params: PAGE,
        body: () => rule({ firstUpdate: '' }),
        detail: 'firstUpdate',
        notes: true,
      }),
      c('no tags', 'createV3AutomationRule', 400, { params: PAGE, body: () => rule({ tags: [] }), detail: 'tags' }),
      c('the sample', 'createV3AutomationRule', 201, { params: PAGE, body: () => rule() }),
    ],
  },
  {
    field: 'V3 automation rules: `coolDownWindowMinutes`, `components`',
    upstream: 'coolDownWindowMinutes: integer 0 to 1440, default 5; components[]: componentId GUID, targetImpact enum',
    server: "out of range or not whole: 400; a component **not the page's or named twice**: 400 naming the item",
    cases: [
      c('1441', 'createV3AutomationRule', 400, {
        params: PAGE,
        body: () => rule({ coolDownWindowMinutes: 1441 }),
        detail: 'coolDownWindowMinutes',
      }),
      c('2.5', 'createV3AutomationRule', 400, {
        params: PAGE,
        body: () => rule({ coolDownWindowMinutes: 2.5 }),
        detail: 'coolDownWindowMinutes',
      }),
      c('targetImpact OPERATIONAL', 'createV3AutomationRule', 400, {
        params: PAGE,
        body: () => rule({ components: [{ componentId: A.v3Components.restApi, targetImpact: 'OPERATIONAL' }] }),
        detail: 'components[0].targetImpact',
      }),
      c('named twice', 'createV3AutomationRule', 400, {
        params: PAGE,
        body: () =>
          rule({
            components: [
              { componentId: A.v3Components.restApi, targetImpact: 'PARTIAL_OUTAGE' },
              { componentId: A.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE' },
            ],
          }),
        detail: 'components[1].componentId',
        notes: true,
      }),
      c('0', 'createV3AutomationRule', 201, { params: PAGE, body: () => rule({ coolDownWindowMinutes: 0 }) }),
    ],
  },
];
