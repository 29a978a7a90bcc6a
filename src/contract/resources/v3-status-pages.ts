// Status pages of the current generation (`/v3/status-pages`), built from components.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

export const V3_PAGE_ID = { statusPageId: 'id of the V3 status page (list_v3_status_pages)' };

/** A sample page: every field of the hosted document's body (a PUT's sample has a url of its own: urls are unique). */
const PAGE_SAMPLE = {
  name: 'Acme Status',
  url: 'acme-v3-created',
  description: 'Live status of the Acme services',
  customDomain: 'status.acme.example',
  themeColors: null,
  logo: 'https://acme.example/logo.png',
  logoDark: 'https://acme.example/logo-dark.png',
  redirectTo: 'https://acme.example',
  favicon: 'https://acme.example/favicon.ico',
  defaultTheme: 'AUTO',
  privacyPolicyLink: 'https://acme.example/privacy',
  termsOfServiceLink: 'https://acme.example/terms',
  footerText: 'Acme Inc.',
  googleAnalyticsTag: 'G-ACME123',
  allowIndexing: true,
} as const;

export const v3StatusPageRows = define('status-pages', {
  listV3StatusPages: {
    method: 'GET',
    path: '/v3/status-pages',
    summary: 'List the V3 (components-based) status pages of the account, newest first, paginated',
    sample: { query: { limit: '20' } },
    query: 'PageQuery',
    responses: { 200: 'V3StatusPageList' },
    tool: {
      title: 'List V3 status pages',
      description:
        'Lists the components-based (V3) status pages of the account, newest first (v2 pages of cards and services are list_status_pages). Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20). Gives the statusPageId every V3 tool needs.',
    },
  },
  createV3StatusPage: {
    method: 'POST',
    path: '/v3/status-pages',
    summary: 'Create a V3 status page',
    sample: { body: PAGE_SAMPLE },
    body: 'V3StatusPageInput',
    bodyRequired: true,
    responses: { 201: 'V3StatusPage' },
    // The url is unique in the account: a page of the list with the url sent is the one made
    // (a url sent in capitals is stored lower-cased, so the name is matched too).
    readBack: { read: 'listV3StatusPages', noun: 'status page', match: { name: 'sent' } },
    tool: {
      title: 'Create a V3 status page',
      description:
        "Creates a components-based (V3) status page: name and url (its slug, lower-cased, unique among the account's pages) are required; description, customDomain, theme and links are optional. Add its components afterwards with create_v3_component. Returns the page with its id.",
    },
  },
  getV3StatusPage: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}',
    summary: 'Retrieve one V3 status page',
    paramDescriptions: V3_PAGE_ID,
    responses: { 200: 'V3StatusPage' },
    tool: {
      title: 'Get a V3 status page',
      description:
        'Retrieves one components-based (V3) status page: its name, url, custom domain, theme and links (its components: list_v3_components). The statusPageId comes from list_v3_status_pages.',
    },
  },
  updateV3StatusPage: {
    method: 'PUT',
    path: '/v3/status-pages/{statusPageId}',
    publishes: 'v3-page',
    summary: 'Replace a V3 status page (an optional field left out is reset)',
    paramDescriptions: V3_PAGE_ID,
    sample: { params: { statusPageId: EXAMPLE_ID }, body: { ...PAGE_SAMPLE, url: 'acme-v3-replaced' } },
    body: 'V3StatusPageInput',
    bodyRequired: true,
    responses: { 200: 'V3StatusPage' },
    tool: {
      title: 'Replace a V3 status page',
      description:
        'Replaces the settings of a V3 status page: a full replacement, so send every field to keep (get_v3_status_page first); an optional field left out is reset to its default (null, AUTO theme, indexing allowed). name and url are required. Its components are kept.',
      destructive: true,
    },
  },
  deleteV3StatusPage: {
    method: 'DELETE',
    path: '/v3/status-pages/{statusPageId}',
    summary: 'Delete a V3 status page with its components, incidents, subscribers and rules',
    paramDescriptions: V3_PAGE_ID,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete a V3 status page',
      description:
        'Deletes a V3 status page together with its components, incidents, subscribers and automation rules; this cannot be undone. The statusPageId comes from list_v3_status_pages.',
      destructive: true,
    },
  },
});
