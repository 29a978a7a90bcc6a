// The request-rules rows of V3 status pages and their components (docs/api-rules.md#v3-status-pages,
// #v3-components): the create and the PUT of each, and the queries of their lists. A page's url
// is unique in the account, so every page a case makes has a url of its own.
import { expect } from 'vitest';
import { THEME_COLOR_FIELDS } from '../../src/contract/schemas.js';
import type { OperationId } from '../../src/contract/table.js';
import { c, type Case, type Ctx, type Row, sampleBody, without } from './request-rules-cases.js';

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

let urls = 0;
/** The row's sample page with a url no other case has, and changes. */
const page = (overrides: Record<string, unknown> = {}) => ({ ...sampleBody('createV3StatusPage'), url: `rules-${++urls}`, ...overrides });
const component = (overrides: Record<string, unknown> = {}) => ({ ...sampleBody('createV3Component'), ...overrides });
const on =
  (op: OperationId) =>
  (label: string, body: (ctx: Ctx) => unknown, status: number, rest: Partial<Case> = {}) =>
    c(label, op, status, { body, ...rest });
const create = on('createV3StatusPage');
const replace = on('updateV3StatusPage');
const add = on('createV3Component');
const change = on('updateV3Component');

export const V3_PAGE_ROWS: Row[] = [
  {
    field: 'V3 page create, PUT: `name`, `url`',
    upstream: 'PublicStatusPageV3Mutation: both required strings; url `x-convert` lower case',
    server:
      'missing or not a string: 400; **empty: 400**; url stored lower-cased, **taken by another page of the account (V3 or v2, any case): 400**',
    cases: [
      c('absent body', 'createV3StatusPage', 400, { detail: 'body' }),
      create('no name', () => without(page(), 'name'), 400, { detail: 'name' }),
      create('no url', () => without(page(), 'url'), 400, { detail: 'url' }),
      create('empty name', () => page({ name: '' }), 400, { detail: 'name', notes: true }),
      create('a url in capitals', () => page({ url: 'Rules-In-Capitals' }), 201, {
        check: (json) => expect(json.url).toBe('rules-in-capitals'),
      }),
      create("a v2 page's url", () => page({ url: 'ACME-CLOUD' }), 400, { detail: 'url', notes: true }),
      replace('no url', () => without(page(), 'url'), 400, { detail: 'url' }),
      replace("a v2 page's url", () => page({ url: 'acme-payments' }), 400, { detail: 'url', notes: true }),
    ],
  },
  {
    field: 'V3 page create, PUT: `description`, `customDomain`, `footerText`',
    upstream: 'nullable strings; description maxLength 500, footerText 1000; customDomain `x-convert` lower case',
    server:
      'over their length or not a string: 400; `null` or left out: `null`; **empty description or domain: 400**; the domain stored lower-cased',
    cases: [
      create('description of 501', () => page({ description: 'd'.repeat(501) }), 400, { detail: 'description' }),
      create('description empty', () => page({ description: '' }), 400, { detail: 'description', notes: true }),
      create('footerText of 1001', () => page({ footerText: 'f'.repeat(1001) }), 400, { detail: 'footerText' }),
      create('customDomain a number', () => page({ customDomain: 7 }), 400, { detail: 'customDomain' }),
      create('customDomain in capitals', () => page({ customDomain: 'Status.Rules.Example' }), 201, {
        check: (json) => expect(json.customDomain).toBe('status.rules.example'),
      }),
      replace('all null', () => page({ description: null, customDomain: null, footerText: null }), 200, {
        check: (json) => expect([json.description, json.customDomain, json.footerText]).toEqual([null, null, null]),
      }),
    ],
  },
  {
    field: 'V3 page create, PUT: `logo`, `logoDark`, `redirectTo`, `favicon`, `privacyPolicyLink`, `termsOfServiceLink`',
    upstream: 'nullable strings, `x-format` uri with scheme http or https; the two links maxLength 255',
    server: '**not an http(s) URL: 400**; a link over 255 characters: 400; `null` or left out: `null`',
    cases: [
      create('an ftp logo', () => page({ logo: 'ftp://rules.example/logo.png' }), 400, { detail: 'logo', notes: true }),
      create('a favicon not a URL', () => page({ favicon: 'favicon.ico' }), 400, { detail: 'favicon', notes: true }),
      create('a link of 256', () => page({ privacyPolicyLink: `https://rules.example/${'p'.repeat(234)}` }), 400, {
        detail: 'privacyPolicyLink',
      }),
      create('every one null', () => page({ logo: null, logoDark: null, redirectTo: null, favicon: null, termsOfServiceLink: null }), 201),
    ],
  },
  {
    field: 'V3 page create, PUT: `themeColors`, `defaultTheme`, `googleAnalyticsTag`, `allowIndexing`; other fields',
    upstream:
      'themeColors nullable, light and dark required, each color upper-case hex; defaultTheme enum LIGHT, DARK, AUTO; googleAnalyticsTag pattern `^[A-Za-z0-9-]+$`; allowIndexing boolean',
    server:
      'as upstream: 400 naming the field; left out: `null`, `AUTO`, `null`, `true` (a PUT resets them); any other field: 400 `is not allowed`',
    cases: [
      create('a lower-case color', () => page({ themeColors: { light: colors('#ffffff'), dark: colors('#000000') } }), 400, {
        detail: 'themeColors.light.bodyBackgroundColor',
      }),
      create('no dark theme', () => page({ themeColors: { light: colors('#FFFFFF') } }), 400, { detail: 'themeColors.dark' }),
      create('both themes', () => page({ themeColors: { light: colors('#FFFFFF'), dark: colors('#000000') } }), 201),
      create('defaultTheme PINK', () => page({ defaultTheme: 'PINK' }), 400, { detail: 'defaultTheme' }),
      create('a tag with a space', () => page({ googleAnalyticsTag: 'G 1' }), 400, { detail: 'googleAnalyticsTag' }),
      create('allowIndexing a string', () => page({ allowIndexing: 'yes' }), 400, { detail: 'allowIndexing' }),
      create('a server-set field', () => page({ version: 3 }), 400, { detail: 'version', notes: true }),
      replace('only name and url', () => ({ name: 'Rules', url: `rules-${++urls}` }), 200, {
        check: (json) => expect([json.defaultTheme, json.allowIndexing, json.themeColors, json.logo]).toEqual(['AUTO', true, null, null]),
      }),
    ],
  },
  {
    field: 'V3 component create, PUT: `name`, `displayOrder`',
    upstream: 'PublicStatusPageV3ComponentMutation: name required string; displayOrder required integer',
    server: 'missing, not a string or not a whole number: 400; **empty name: 400**',
    cases: [
      c('absent body', 'createV3Component', 400, { detail: 'body' }),
      add('no name', () => without(component(), 'name'), 400, { detail: 'name' }),
      add('empty name', () => component({ name: '' }), 400, { detail: 'name', notes: true }),
      add('no displayOrder', () => without(component(), 'displayOrder'), 400, { detail: 'displayOrder' }),
      add('displayOrder 1.5', () => component({ displayOrder: 1.5 }), 400, { detail: 'displayOrder' }),
      add('displayOrder -3', () => component({ displayOrder: -3 }), 201),
      change('no displayOrder', () => without(component(), 'displayOrder'), 400, { detail: 'displayOrder' }),
    ],
  },
  {
    field: 'V3 component create, PUT: `type`, `parentId`, `description`, `hidden`; other fields',
    upstream: 'type enum SERVICE, GROUP (default SERVICE); parentId nullable UUID; description nullable string; hidden boolean',
    server:
      'as upstream: 400 naming the field; **parentId not a GROUP of the page: 400**; **empty description: 400**; left out: SERVICE, at the top, `null`, `false`; any other field: 400 `is not allowed`',
    cases: [
      add('type FOLDER', () => component({ type: 'FOLDER' }), 400, { detail: 'type' }),
      add('parentId not a UUID', () => component({ parentId: 'core' }), 400, { detail: 'parentId' }),
      add('parentId unknown', () => component({ parentId: UNKNOWN }), 400, { detail: 'parentId', notes: true }),
      add('parentId a SERVICE', (ctx) => component({ parentId: ctx.v3.componentId }), 400, { detail: 'parentId', notes: true }),
      add('description empty', () => component({ description: '' }), 400, { detail: 'description', notes: true }),
      add('hidden a string', () => component({ hidden: 'yes' }), 400, { detail: 'hidden' }),
      add('a server-set field', () => component({ statusPageId: UNKNOWN }), 400, { detail: 'statusPageId', notes: true }),
      add('only name and displayOrder', () => ({ name: 'Rules', displayOrder: 1 }), 201, {
        check: (json) => expect([json.type, json.parentId, json.description, json.hidden]).toEqual(['SERVICE', null, null, false]),
      }),
      change('parentId itself', (ctx) => component({ type: 'SERVICE', parentId: ctx.v3.componentId }), 400, {
        detail: 'parentId',
        notes: true,
      }),
    ],
  },
  {
    field: 'query `limit`, `nextId` (V3 pages, components)',
    upstream: 'limit: integer 1 to 100, default 20; nextId: string',
    server: 'limit `0`, `101`, `1.5`: 400; a nextId no earlier page gave: 400, before the page is looked up',
    cases: [
      c('limit 0', 'listV3StatusPages', 400, { query: '?limit=0', detail: 'limit' }),
      c('limit 101, components', 'listV3Components', 400, { query: '?limit=101', detail: 'limit' }),
      c('a made-up nextId', 'listV3StatusPages', 400, { query: '?nextId=bm9wZTox', detail: 'nextId' }),
      c('a made-up nextId, unknown page', 'listV3Components', 400, {
        query: '?nextId=bm9wZTox',
        params: { statusPageId: UNKNOWN },
        detail: 'nextId',
      }),
      c('limit 100', 'listV3Components', 200, { query: '?limit=100' }),
    ],
  },
];

/** Every color of one theme, the same one. */
function colors(color: string): Record<string, string> {
  return Object.fromEntries(THEME_COLOR_FIELDS.map((field) => [field, color]));
}
