// The CLI baseline: a bare Node process doing one node:http GET and printing the JSON, as
// `statusctl ... -o json` does. Usage: node bench/bare-get.mjs URL (key and account from the
// same variables statusctl reads).
import http from 'node:http';

const headers = { authorization: `Bearer ${process.env.STATUSCTL_API_KEY}`, 'x-service-account': process.env.STATUSCTL_ACCOUNT_ID };
http.get(process.argv[2], { headers }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (text += chunk));
  res.on('end', () => {
    const body = JSON.parse(text);
    process.stdout.write(`${JSON.stringify(body.entries ?? body, null, 2)}\n`);
    process.exitCode = res.statusCode === 200 ? 0 : 1;
  });
});
