// A V3 status page (components): the fields `status-pages get` shows of one (its component tree
// follows them, views/component.ts), and the record `create`, `edit` and `delete` print.
import type { V3CustomDomainVerification } from '../../contract/schemas.js';
import type { V3StatusPage } from '../api/types.js';
import { exactTimeCell, tableFormat } from '../output/cells.js';
import type { View } from '../output/view.js';
import { COMPONENT, type ShownComponent } from './component.js';
import { type FieldRow, renderList, renderRecord, type ResourceView } from './resource.js';

const THEMES: Record<string, string> = { LIGHT: 'light', DARK: 'dark', AUTO: 'auto (follows the visitor)' };

export const V3_STATUS_PAGE: ResourceView<V3StatusPage> = {
  title: 'Status page',
  argument: {
    name: 'page',
    help: 'id (or its first 6 or more characters), url, custom domain or name of the V3 status page',
    kind: 'status-page',
  },
  id: (page) => page.id,
  markdownHeading: (page) => `### ${page.name}`,
  columns: [{ header: 'id', id: true }, 'name', { header: 'url', optional: 1 }, { header: 'domain', optional: 2 }],
  rows: (_ctx, pages) => pages.map((page) => [page.id, page.name, page.url, page.customDomain ?? '-']),
  fields: (ctx, page) => {
    const optional = (label: string, value: string | null): FieldRow[] => (value ? [[label, value]] : []);
    return [
      ['name', page.name],
      ['url', page.url],
      ['kind', 'v3 (components)'],
      ...optional('description', page.description),
      ...optional('domain', page.customDomain),
      ['theme', THEMES[page.defaultTheme] ?? page.defaultTheme],
      ...optional('logo', page.logo),
      ...optional('logo (dark)', page.logoDark),
      ...optional('favicon', page.favicon),
      ...optional('redirect to', page.redirectTo),
      ...optional('footer', page.footerText),
      ...optional('privacy policy', page.privacyPolicyLink),
      ...optional('terms', page.termsOfServiceLink),
      ...optional('analytics tag', page.googleAnalyticsTag),
      ['indexing', page.allowIndexing ? 'allowed' : 'off'],
      ['created', exactTimeCell(ctx, page.created_at)],
      ['updated', exactTimeCell(ctx, page.updated_at)],
    ];
  },
};

/** `status-pages get` of a V3 page: its fields, then its component tree with each one's current status. */
export async function renderV3StatusPage(ctx: View, page: V3StatusPage, tree: readonly ShownComponent[]): Promise<string> {
  const record = await renderRecord(ctx, V3_STATUS_PAGE, page);
  const markdown = tableFormat(ctx) === 'md';
  const title = markdown ? `#### Components (${tree.length})` : ctx.io.style.bold(`Components (${tree.length})`);
  return [record, '', title, ...(markdown ? [''] : []), tree.length > 0 ? await renderList(ctx, COMPONENT, tree) : 'None.'].join('\n');
}

/** A page's custom domain and its verification: what `status-pages domain` shows. */
export interface DomainShown {
  readonly page: V3StatusPage;
  readonly domain: string;
  readonly verification: V3CustomDomainVerification;
}

export const CUSTOM_DOMAIN: ResourceView<DomainShown> = {
  title: 'Custom domain',
  argument: V3_STATUS_PAGE.argument,
  id: (shown) => shown.domain,
  idLabel: 'domain',
  columns: ['domain', 'status', 'ssl'],
  rows: (_ctx, items) => items.map((shown) => [shown.domain, shown.verification.status, shown.verification.sslStatus]),
  fields: (ctx, { page, verification }) => {
    const s = ctx.io.style;
    const state = (value: string) => ({ text: value, paint: value === 'active' ? s.green : s.yellow });
    const record = verification.ownershipVerification;
    return [
      ['page', `${page.name} (${page.url})`],
      ['status', state(verification.status)],
      ['ssl', state(verification.sslStatus)],
      ['method', verification.validationMethod],
      ['record type', record.type.toUpperCase()],
      ['record name', { text: record.name, code: true }],
      ['record value', { text: record.value, code: true }],
    ];
  },
};
