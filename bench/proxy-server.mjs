// A forward proxy in a process of its own (the `proxy` package the tests use), for the CLI
// benchmark's runs through a proxy: prints "listening on URL" like the reference server.
import { createServer } from 'node:http';
import { createProxy } from 'proxy';

const server = createProxy(createServer());
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
