'use strict';
// The CLI's floor: a bare Node process doing one node:http GET and printing what `statusctl`
// prints for it, byte for byte (cli.bench.mjs checks that before timing). It is CommonJS, the
// cheapest start a Node program has: an ES module pays for the module loader, and on recent
// Node lines importing node:http from one loads more of Node's internals than require() does.
// Usage: node bench/bare-get.cjs URL [json|raw|incident-rows]
//   json           the answer as `-o json` prints it (two-space indent, one final newline)
//   raw            the answer as received, then a newline, as piped `statusctl api` prints it
//   incident-rows  the incident list as piped `statusctl incidents list` prints it
// Key and account come from the variables statusctl reads.
// BARE_GET_COMMANDER=1: commander first parses a command line as statusctl's program would
// (global options, a noun, a verb), then the same GET; cli.bench.mjs runs it bundled and through
// the launcher, as the CLI runs, to show what the parser alone adds to the floor.
const http = require('node:http');

const [url, print = 'json'] = process.argv.slice(2);
if (process.env.BARE_GET_COMMANDER === '1') parseWithCommander();
const headers = { authorization: `Bearer ${process.env.STATUSCTL_API_KEY}`, 'x-service-account': process.env.STATUSCTL_ACCOUNT_ID };

http.get(url, { headers }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (text += chunk));
  res.on('end', () => {
    if (res.statusCode !== 200) {
      process.stderr.write(`GET ${url}: ${res.statusCode} ${text}\n`);
      process.exitCode = 1;
      return;
    }
    if (print === 'raw') return process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    const body = JSON.parse(text);
    process.stdout.write(print === 'incident-rows' ? incidentRows(body.entries) : `${JSON.stringify(body, null, 2)}\n`);
  });
});

/** A line per incident, tab-separated: id, name, severity, status, services, time of the latest update. */
function incidentRows(incidents) {
  return incidents
    .map((incident) => {
      const times = (incident.incidentUpdates || []).map((update) => update.publicIncidentUpdateDate);
      const latest = times.reduce((a, b) => (Date.parse(b) >= Date.parse(a) ? b : a), times[0]);
      const services = (incident.services || []).map((service) => service.name || service.id).join(', ') || '-';
      const last = latest || incident.updated_at || incident.created_at;
      return `${[incident.id, incident.name, incident.severity, incident.lastUpdateStatus, services, last].join('\t')}\n`;
    })
    .join('');
}

function parseWithCommander() {
  const { Command } = require('commander');
  const program = new Command('statusctl')
    .option('--base-url <url>', 'API base address')
    .option('--api-key <key>', 'API key')
    .option('--account-id <id>', 'account id')
    .option('--profile <name>', 'named settings')
    .option('-o, --output <format>', 'output format', 'table')
    .option('--json', 'same as -o json')
    .option('--jq <expression>', 'filter the JSON output')
    .option('--verbose', 'each request on stderr')
    .option('--timeout <seconds>', 'per request timeout', Number, 30)
    .exitOverride();
  program
    .command('runtimes')
    .command('list')
    .option('--stage <stage>', 'only these stages')
    .action(() => {});
  program.parse(['runtimes', 'list', '-o', 'json'], { from: 'user' });
}
