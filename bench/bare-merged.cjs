'use strict';
// The floor of `statusctl incidents list -o json` (--limit N up to 100): the v2 list's first
// page and the V3 pages at once, then each V3 page's incidents at once, merged newest first by
// created_at as the CLI merges them (src/cli/lookup/merged-list.ts, its cursor too), printed as
// -o json prints it. Usage: node bench/bare-merged.cjs BASE_URL [LIMIT]
const http = require('node:http');

const [base, limitText = '20'] = process.argv.slice(2);
const limit = Number(limitText);
const headers = { authorization: `Bearer ${process.env.STATUSCTL_API_KEY}`, 'x-service-account': process.env.STATUSCTL_ACCOUNT_ID };

function get(path) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${path}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

(async () => {
  const [v2, pages] = await Promise.all([get(`/v1/status-pages/incidents?limit=${limit}`), get('/v3/status-pages?limit=100')]);
  const lists = await Promise.all(pages.entries.map((page) => get(`/v3/status-pages/${page.id}/incidents?limit=${limit}`)));
  const sources = [['v2', v2], ...pages.entries.map((page, i) => [`v3:${page.id}`, lists[i]])];
  const taken = sources.map(() => 0);
  const entries = [];
  while (entries.length < limit) {
    let pick = -1;
    sources.forEach(([, page], i) => {
      const head = page.entries[taken[i]];
      if (head && (pick < 0 || head.created_at > sources[pick][1].entries[taken[pick]].created_at)) pick = i;
    });
    if (pick < 0) break;
    entries.push(sources[pick][1].entries[taken[pick]++]);
  }
  const cursor = {};
  sources.forEach(([key, page], i) => {
    const shown = taken[i];
    const count = page.entries.length;
    if (shown === 0) cursor[key] = count === 0 ? null : { c: null, s: 0 };
    else cursor[key] = shown < count ? { c: null, s: shown } : page.nextId ? { c: page.nextId, s: 0 } : null;
  });
  const more = Object.values(cursor).some((place) => place !== null);
  const nextId = more ? Buffer.from(JSON.stringify(cursor)).toString('base64url') : null;
  process.stdout.write(`${JSON.stringify({ length: entries.length, entries, nextId }, null, 2)}\n`);
})();
