// bare-get.cjs as an ES module, printing the answer as `-o json` does: not the floor, only the
// line that shows what the ES module loader costs a bare GET on each Node line.
// Usage: node bench/bare-get.mjs URL (key and account from the variables statusctl reads).
import http from 'node:http';

const headers = { authorization: `Bearer ${process.env.STATUSCTL_API_KEY}`, 'x-service-account': process.env.STATUSCTL_ACCOUNT_ID };
http.get(process.argv[2], { headers }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (text += chunk));
  res.on('end', () => {
    if (res.statusCode !== 200) {
      process.stderr.write(`GET ${process.argv[2]}: ${res.statusCode} ${text}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });
});
