'use strict';
// A floor for a command that makes several requests: the same GETs (read from the command's own
// --verbose lines by commands.bench.mjs), all at once over node:http, each answer read whole,
// then the command's output printed as captured. It is lower than any process that makes those
// requests and prints those bytes, and says nothing of the order the command needs.
// Usage: node bench/bare-replay.cjs PLAN.json  ({ urls: [...], text: '...' })
const http = require('node:http');
const { readFileSync } = require('node:fs');

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const headers = { authorization: `Bearer ${process.env.STATUSCTL_API_KEY}`, 'x-service-account': process.env.STATUSCTL_ACCOUNT_ID };
let left = plan.urls.length;
const done = () => {
  if (--left <= 0) process.stdout.write(plan.text);
};
if (left === 0) done();
for (const url of plan.urls) {
  http.get(url, { headers }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => (text += chunk));
    res.on('end', () => {
      JSON.parse(text || 'null');
      done();
    });
  });
}
