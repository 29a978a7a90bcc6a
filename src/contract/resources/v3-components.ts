// The components of V3 status pages (a tree of GROUPs and SERVICEs) and the verification of a
// V3 page's custom domain.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';
import { V3_PAGE_ID } from './v3-status-pages.js';

const V3_COMPONENT_IDS = { ...V3_PAGE_ID, componentId: 'id of the component of that page (list_v3_components)' };

/** A sample component: every field of the hosted document's body, at the top of the page. */
const COMPONENT_SAMPLE = {
  type: 'SERVICE',
  name: 'Checkout API',
  description: 'Payments and orders',
  displayOrder: 1,
  hidden: false,
  parentId: null,
} as const;

/** An example component id (row.ts, Sample). */
const EXAMPLE_COMPONENT = '00000000-0000-4000-8000-0000000000e4';

export const v3ComponentRows = define('status-pages', {
  listV3Components: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/components',
    summary: "List a V3 status page's components by displayOrder, then name, paginated",
    paramDescriptions: V3_PAGE_ID,
    sample: { params: { statusPageId: EXAMPLE_ID }, query: { limit: '20' } },
    query: 'PageQuery',
    responses: { 200: 'V3ComponentList' },
    tool: {
      title: "List a V3 status page's components",
      description:
        "Lists the components of a V3 status page by displayOrder, then name: SERVICEs and GROUPs, each with its parentId (the GROUP it sits under, null at the top). Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20). Gives the componentId that the component tools and a V3 incident's componentImpacts need.",
    },
  },
  createV3Component: {
    method: 'POST',
    path: '/v3/status-pages/{statusPageId}/components',
    publishes: 'v3-component',
    summary: 'Add a SERVICE or GROUP component to a V3 status page',
    paramDescriptions: V3_PAGE_ID,
    sample: { params: { statusPageId: EXAMPLE_ID }, body: COMPONENT_SAMPLE },
    body: 'V3ComponentInput',
    bodyRequired: true,
    responses: { 201: 'V3Component' },
    // A component of the page's list with the name, order and place sent: one made before with
    // the same ones leaves it unknown.
    readBack: {
      read: 'listV3Components',
      noun: 'component',
      match: { name: 'sent', displayOrder: 'sent', type: 'if-sent', parentId: 'if-sent', hidden: 'if-sent' },
    },
    tool: {
      title: 'Add a component to a V3 status page',
      description:
        'Adds a component to a V3 status page: name and displayOrder are required; type SERVICE (default) or GROUP; parentId puts it under a GROUP of the same page (null or left out: at the top); hidden keeps it off the public page. Returns the component with its id.',
    },
  },
  getV3Component: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/components/{componentId}',
    summary: 'Retrieve one component of a V3 status page',
    paramDescriptions: V3_COMPONENT_IDS,
    responses: { 200: 'V3Component' },
    tool: {
      title: 'Get a V3 component',
      description:
        'Retrieves one component of a V3 status page: its type, name, description, displayOrder, hidden and parentId. The ids come from list_v3_components.',
    },
  },
  updateV3Component: {
    method: 'PUT',
    path: '/v3/status-pages/{statusPageId}/components/{componentId}',
    publishes: 'v3-component',
    summary: 'Replace a component of a V3 status page (an optional field left out is reset)',
    paramDescriptions: V3_COMPONENT_IDS,
    sample: { params: { statusPageId: EXAMPLE_ID, componentId: EXAMPLE_COMPONENT }, body: COMPONENT_SAMPLE },
    body: 'V3ComponentInput',
    bodyRequired: true,
    responses: { 200: 'V3Component' },
    tool: {
      title: 'Replace a V3 component',
      description:
        'Replaces a component of a V3 status page: a full replacement, so send every field to keep (get_v3_component first); a field left out is reset (type SERVICE, not hidden, at the top). A GROUP with components under it stays a GROUP, and cannot move under one of its own.',
      destructive: true,
    },
  },
  deleteV3Component: {
    method: 'DELETE',
    path: '/v3/status-pages/{statusPageId}/components/{componentId}',
    publishes: 'v3-component',
    summary: "Delete a component of a V3 status page; a group's children move to the top",
    paramDescriptions: V3_COMPONENT_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete a V3 component',
      description:
        "Deletes a component of a V3 status page. A GROUP's components are kept, moved to the top of the page; the component's open impacts in the page's incidents end. The ids come from list_v3_components.",
      destructive: true,
    },
  },
  getV3CustomDomainVerification: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/custom-domain-verifications',
    summary: "The verification of a V3 status page's custom domain: its status and the DNS record to add",
    paramDescriptions: V3_PAGE_ID,
    responses: { 200: 'V3CustomDomainVerification' },
    tool: {
      title: "Get a V3 page's custom domain verification",
      description:
        "Shows whether a V3 status page's custom domain is verified (status and sslStatus: pending or active) and the DNS TXT record that proves it is the page owner's (ownershipVerification: its name and value). A page without a custom domain has none (HTTP 404).",
    },
  },
  recheckV3CustomDomainVerification: {
    method: 'POST',
    path: '/v3/status-pages/{statusPageId}/custom-domain-verifications/recheck',
    summary: "Recheck a V3 status page's custom domain and answer its verification",
    paramDescriptions: V3_PAGE_ID,
    responses: { 200: 'V3CustomDomainVerification' },
    // Checking again finds what checking once found.
    idempotent: true,
    tool: {
      title: "Recheck a V3 page's custom domain",
      description:
        'Asks for the custom domain of a V3 status page to be checked again, once its DNS record is in place, and answers the verification as it now is (the reference server finds it at once: status active). A page without a custom domain has none (HTTP 404).',
    },
  },
});
