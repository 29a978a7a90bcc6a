// What the V3 status page HTML tests share: the V3 pages of a fixture file, reading a page's
// component rows out of its HTML, and a GET with a Host of the test's choosing.
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { tempConfigDir } from '../support/cli.js';
import { ACCOUNT_A, type TestServer } from './helpers.js';

/** A fixture file holding these records, in a directory removed after the file's tests. */
export function fixtureFile(fixtures: unknown): string {
  const path = join(tempConfigDir(), 'fixtures.json');
  writeFileSync(path, JSON.stringify(fixtures));
  return path;
}

export interface Row {
  id: string;
  status: string;
  name: string;
  label: string;
}

/** The component rows of a V3 page's HTML, in page order: id, data-status, name and the state written out. */
export function componentRows(text: string): Row[] {
  const rows = text.matchAll(
    /<span class="row" data-component="([^"]+)" data-status="([A-Z_]+)"><span>([^<]*)(?:<span class="note[^>]*>[^<]*<\/span>)?<\/span><span><span class="dot [a-z]+" aria-hidden="true"><\/span>([^<]+)<\/span><\/span>/g,
  );
  return [...rows].map(([, id, status, name, label]) => ({ id: id!, status: status!, name: name!, label: label! }));
}

/** The V3 page of the account with this url, and its components by name. */
export async function v3PageOf(server: TestServer, url: string, key = ACCOUNT_A.key) {
  const pages = (await server.call('GET', '/v3/status-pages?limit=100', { key })).json.entries as any[];
  const page = pages.find((each) => each.url === url);
  if (!page) throw new Error(`no V3 page ${url}`);
  const components = (await server.call('GET', `/v3/status-pages/${page.id}/components?limit=100`, { key })).json.entries as any[];
  return { page, component: (name: string) => components.find((each) => each.name === name)!.id as string };
}

/** A GET with a Host header of our choosing (fetch does not let a caller set it). */
export function getWithHost(server: TestServer, path: string, host: string, key?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host };
    if (key) headers.authorization = `Bearer ${key}`;
    const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The next event of a stream, past the keep-alive comments a slow run may see first. */
export async function nextEvent(stream: { next(): Promise<string> }): Promise<string> {
  for (;;) {
    const block = await stream.next();
    if (block !== ': keep-alive') return block;
  }
}
