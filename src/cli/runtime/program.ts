// The program: global options and the command declarations. Only commander and the
// declarations load at start; each command imports what it needs (client, prompts, tables,
// server) when it runs.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { declareProgram, type Program } from './globals.js';
import * as config from '../commands/config.js';
import * as statusPages from '../commands/status-pages.js';
import * as services from '../commands/services.js';
import * as subscriptions from '../commands/subscriptions.js';
import * as templates from '../commands/templates.js';
import * as incidents from '../commands/incidents.js';
import * as incidentUpdates from '../commands/incident-updates.js';
import * as notifications from '../commands/notifications.js';
import * as rca from '../commands/rca.js';
import * as errorGroups from '../commands/error-groups.js';
import * as heartbeats from '../commands/heartbeats.js';
import * as runtimes from '../commands/runtimes.js';
import * as server from '../commands/server.js';
import * as demo from '../commands/demo.js';
import * as completion from '../commands/completion.js';
import * as mcp from '../commands/mcp.js';
import * as whoami from '../commands/whoami.js';
import * as auth from '../commands/auth.js';
import * as api from '../commands/api.js';
import * as version from '../commands/version.js';

/** Which module declares each top-level command. */
const COMMAND_MODULES = {
  login: auth,
  logout: auth,
  config,
  'status-pages': statusPages,
  services,
  subscriptions,
  incidents,
  templates,
  'incident-updates': incidentUpdates,
  notifications,
  rca,
  'error-groups': errorGroups,
  heartbeats,
  runtimes,
  server,
  demo,
  completion,
  mcp,
  whoami,
  auth,
  api,
  version,
} as const;

export function buildProgram(): Program {
  const program = declareProgram();
  program.addHelpText(
    'after',
    `
Getting started (no account needed: the reference server serves the whole API with demo data;
the heartbeat check and error group ids below are the demo data's):
  $ statusctl server --port 4010 &                  # prints the account id and key it accepts
  $ statusctl login --base-url http://127.0.0.1:4010
  $ statusctl whoami                                # the credentials in use and whether they work
  $ statusctl status-pages list                     # the pages and services to declare incidents on
  $ statusctl incidents create --name 'Checkout errors' --severity major --service 'Payments API' --yes
  $ statusctl incidents create --name 'Payments down' --severity critical --status-page 'Acme Payments' --dry-run
  $ statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message 'Rolled back' --status monitoring
  $ statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd
  $ statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --wait
  $ statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1
  $ statusctl error-groups archive - --dry-run < ids.txt   # many ids from stdin; --dry-run sends nothing
  $ statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --fail-under 99
  $ statusctl runtimes list
  $ statusctl demo                                  # all of the above, run for you

Exit codes: 0 ok, 1 API or network failure, 2 usage, 3 auth (no key, 401, 403), 4 not found,
5 threshold not met (--fail-under). Each command's --help has examples.
`,
  );
  for (const module of new Set(Object.values(COMMAND_MODULES))) module.register(program);
  program.commands.forEach(function finish(command: CommandUnknownOpts) {
    command.exitOverride();
    addGhWords(command);
    // Command lists show the first paragraph; the whole description stays in the command's own help.
    if (!command.summary()) command.summary(command.description().split('\n\n')[0]!);
    command.commands.forEach(finish);
  });
  return program;
}

/** gh's verbs for ours: `view` where there is `get`, `ls` where there is `list`. */
const VERB_ALIASES: Readonly<Record<string, string>> = { get: 'view', list: 'ls' };

/**
 * gh's words as aliases, by rule over the tree once every command is declared, so a verb or
 * noun added later gets them with no line of its own: `view` and `ls` for `get` and `list`,
 * and the singular of a plural noun (a top-level command with verbs: `incident`,
 * `status-page`). An alias a sibling already answers to is not added. Aliases parse and take
 * `help` like the names; help and completion list the names only once, and the command's help
 * ends with its alias.
 */
export function addGhWords(command: CommandUnknownOpts): void {
  const parent = command.parent;
  if (!parent) return;
  const isNoun = parent.parent === null && command.commands.length > 0;
  const alias = isNoun ? singular(command.name()) : VERB_ALIASES[command.name()];
  if (alias === undefined || alias === command.name()) return;
  const taken = parent.commands.some((sibling) => sibling.name() === alias || sibling.aliases().includes(alias));
  if (taken) return;
  command.alias(alias);
  command.addHelpText('after', `Alias: ${alias}`);
}

/** `incidents` -> `incident`, `status-pages` -> `status-page`, `policies` -> `policy`; a word that is not a plural stays. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/[^su]s$/.test(name)) return name.slice(0, -1);
  return name;
}
