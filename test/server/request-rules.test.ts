// What the server refuses, field by field, against the hosted API's request schemas
// (spec/upstream-openapi-subset.json) plus the rules of docs/api-rules.md on top. Each row is a row of the
// table in docs/reference-server.md (checked below) and one test of a request to the server (in process). Every body case
// is also run through the upstream schema (ajv): a body the hosted API refuses must be refused
// here; a refusal the upstream schema does not make must be marked as a rule of docs/api-rules.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/table.js';
import { upstreamBodyProblems, upstreamHasBody } from '../parity/upstream-requests.js';
import { expectError, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';
import { context, pathOf, type Row } from './request-rules-cases.js';
import { INCIDENT_ROWS } from './request-rules-incidents.js';
import { MAINTENANCE_ROWS } from './request-rules-maintenance.js';
import { QUERY_ROWS } from './request-rules-queries.js';
import { RESOURCE_ROWS } from './request-rules-resources.js';
import { V3_AUTOMATION_ROWS } from './request-rules-v3-automation.js';
import { V3_INCIDENT_ROWS } from './request-rules-v3-incidents.js';
import { V3_PAGE_ROWS } from './request-rules-v3-pages.js';

/** The rows in the order of the docs page's table. */
const ROWS: Row[] = [
  ...INCIDENT_ROWS,
  ...RESOURCE_ROWS,
  ...V3_PAGE_ROWS,
  ...V3_INCIDENT_ROWS,
  ...V3_AUTOMATION_ROWS,
  ...MAINTENANCE_ROWS,
  ...QUERY_ROWS,
];

describe('what the server refuses, as the hosted API does (docs/reference-server.md)', () => {
  // One server for the rows: starting one, with the demo data of two accounts, is most of a row's cost.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(TWO_ACCOUNTS);
  });

  it.each(ROWS.map((row) => [row.field, row] as const))('%s', async (_field, row) => {
    const ctx = await context(server);
    for (const each of row.cases) {
      const what = `${row.field}: ${each.label}`;
      const body = each.body?.(ctx);
      const result = await ctx.server.call(routes[each.op].method, pathOf(ctx, each), {
        ...(each.body ? { body } : {}),
        ...(each.raw !== undefined ? { rawBody: each.raw, headers: { 'content-type': 'application/json', ...each.headers } } : {}),
        ...(each.raw === undefined && each.headers ? { headers: each.headers } : {}),
      });
      expect(result.status, `${what}\n${result.text}`).toBe(each.status);
      if (each.status >= 400) {
        const error = expectError(result, each.status);
        if (each.detail) expect(error.details?.[0]?.path, what).toBe(each.detail);
      } else {
        each.check?.(result.json, ctx);
      }
      // The same body against the hosted API's schema: what it refuses is refused here; what
      // is refused here only by a rule of docs/api-rules.md, it accepts.
      if (upstreamHasBody(each.op) && each.raw === undefined && each.body !== undefined && (each.status < 300 || each.status === 400)) {
        const problems = upstreamBodyProblems(each.op, JSON.stringify(body));
        if (each.status < 300 || each.notes) expect(problems, `${what}: upstream accepts it`).toEqual([]);
        else expect(problems.length, `${what}: upstream refuses it too`).toBeGreaterThan(0);
      }
    }
  });

  // STATUSCTL_WRITE_DOCS=1 writes the table from the rows above (then `npx biome format --write
  // docs/reference-server.md` aligns it), so a new row is written once, here.
  it('is the table of the docs page, row for row', () => {
    const docPath = new URL('../../docs/reference-server.md', import.meta.url);
    if (process.env.STATUSCTL_WRITE_DOCS === '1') {
      const current = readFileSync(docPath, 'utf8');
      const start = current.indexOf('<!-- request rules: start -->');
      const end = current.indexOf('<!-- request rules: end -->');
      const lines = [
        '<!-- request rules: start -->',
        '| field | upstream rule | server behaviour |',
        '| --- | --- | --- |',
        ...ROWS.map((row) => `| ${row.field} | ${row.upstream} | ${row.server} |`),
        '',
      ];
      writeFileSync(docPath, current.slice(0, start) + lines.join('\n') + current.slice(end));
    }
    const doc = readFileSync(docPath, 'utf8');
    const table = doc.slice(doc.indexOf('<!-- request rules: start -->'), doc.indexOf('<!-- request rules: end -->'));
    const lines = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| field ') && !line.startsWith('| ---'));
    const cells = (line: string) =>
      line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim());
    expect(lines.map(cells)).toEqual(ROWS.map((row) => [row.field, row.upstream, row.server]));
  });
});
