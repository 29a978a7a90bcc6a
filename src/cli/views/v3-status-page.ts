// A V3 status page (components): the fields `status-pages get` shows of one (its component tree
// follows them, views/component.ts), and the record `create`, `edit` and `delete` print.
import type { V3StatusPage } from '../api/types.js';
import { exactTimeCell } from '../output/cells.js';
import type { View } from '../output/view.js';
import { type FieldRow, renderRecord, type ResourceView } from './resource.js';

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

/** `status-pages get` of a V3 page: its fields. */
export function renderV3StatusPage(ctx: View, page: V3StatusPage): Promise<string> {
  return renderRecord(ctx, V3_STATUS_PAGE, page);
}
