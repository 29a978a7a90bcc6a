// The server baseline: a bare node:http server answering fixed bytes, the same status,
// content-type and body the reference server gave for each path (fetched once from it).
// Usage: node bench/bare-server.mjs ROUTES.json; prints "listening on URL" like statusctl server.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const routes = new Map(
  JSON.parse(readFileSync(process.argv[2], 'utf8')).map(({ path, status, contentType, body }) => [
    path,
    { status, headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) }, body: Buffer.from(body) },
  ]),
);
const notFound = Buffer.from('{"statusCode":404}');
const server = http.createServer((req, res) => {
  const route = routes.get(req.url);
  if (!route) {
    res.writeHead(404, { 'content-type': 'application/json', 'content-length': String(notFound.length) });
    res.end(notFound);
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
