// Every change kind of V3 status pages and their components (src/server/store/v3-status-pages.ts,
// v3-components.ts), made on a store beside the demo data, for the snapshot and replay tests;
// and what of them a store reads.
import type { V3Component, V3StatusPage } from '../../src/contract/schemas.js';
import type { AccountStore } from '../../src/server/store.js';

const day = '2025-03-10';

function page(id: string, url: string, accountId: string): V3StatusPage {
  return {
    id,
    accountId,
    version: 3,
    name: id,
    url,
    description: null,
    customDomain: `status.${url}.example`,
    themeColors: null,
    logo: null,
    logoDark: null,
    redirectTo: null,
    favicon: null,
    defaultTheme: 'AUTO',
    privacyPolicyLink: null,
    termsOfServiceLink: null,
    footerText: null,
    googleAnalyticsTag: null,
    allowIndexing: true,
    created_at: day,
    updated_at: day,
  };
}

function component(id: string, statusPageId: string, type: 'SERVICE' | 'GROUP', parentId: string | null): V3Component {
  return {
    id,
    statusPageId,
    type,
    name: id,
    description: null,
    displayOrder: 1,
    hidden: false,
    parentId,
    created_at: day,
    updated_at: day,
  };
}

export function fillV3Pages(store: AccountStore): void {
  const kept = page('v3p-kept', 'kept', store.accountId);
  store.commit({ kind: 'v3StatusPageAdded', page: kept });
  store.commit({ kind: 'v3StatusPageAdded', page: page('v3p-gone', 'gone', store.accountId) });
  store.commit({ kind: 'v3StatusPageAdded', page: page('v3p-last', 'last', store.accountId) });
  store.commit({ kind: 'v3StatusPageReplaced', page: { ...kept, name: 'Kept', url: 'kept-too', updated_at: '2025-03-11' } });
  store.commit({ kind: 'v3CustomDomainVerified', statusPageId: 'v3p-kept', domain: 'status.kept.example' });
  store.commit({ kind: 'v3ComponentAdded', component: component('v3c-group', 'v3p-kept', 'GROUP', null) });
  store.commit({ kind: 'v3ComponentAdded', component: component('v3c-child', 'v3p-kept', 'SERVICE', 'v3c-group') });
  store.commit({ kind: 'v3ComponentAdded', component: component('v3c-other', 'v3p-kept', 'GROUP', null) });
  store.commit({ kind: 'v3ComponentAdded', component: component('v3c-moved', 'v3p-kept', 'SERVICE', 'v3c-other') });
  store.commit({
    kind: 'v3ComponentReplaced',
    component: { ...component('v3c-child', 'v3p-kept', 'SERVICE', 'v3c-group'), displayOrder: 0 },
  });
  store.commit({ kind: 'v3ComponentDeleted', statusPageId: 'v3p-kept', componentId: 'v3c-other', today: '2025-03-12' });
  store.commit({ kind: 'v3ComponentAdded', component: component('v3c-gone', 'v3p-gone', 'SERVICE', null) });
  store.commit({ kind: 'v3StatusPageDeleted', statusPageId: 'v3p-gone' });
}

export function v3PageReads(store: AccountStore) {
  const pages = store.records.v3StatusPages;
  return {
    all: pages.list(100),
    first: pages.list(1),
    count: pages.count,
    urls: ['kept', 'kept-too', 'gone', 'last'].map((url) => pages.idOfUrl(url) ?? null),
    verified: pages.verifiedDomain('v3p-kept') ?? null,
    components: ['v3p-kept', 'v3p-gone'].map((id) => store.records.v3Components.ofPage(id)),
  };
}
