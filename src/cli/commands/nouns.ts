// The nouns: each one's words for its help (a description, examples) and its verbs, each verb a
// module in commands/<noun>/ loaded when it is declared (a run declares the verb it names alone:
// declareVerbs). This table is the nouns' wiring; runtime/program.ts declares a noun from it.
// A noun's entry is data, so a run that declares one noun loads the code of that noun's verb only.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Noun, Program } from '../runtime/globals.js';

type VerbModule = () => Promise<{ declare(noun: Noun): void }>;
type TopVerbModule = () => Promise<{ declare(program: Program): void }>;

export interface NounEntry {
  description: string;
  examples: string[];
  /** Each verb's module, in the order of the noun's help. */
  verbs: Readonly<Record<string, VerbModule>>;
  /** Verbs also declared at the top of the program (`login`, `logout`): the same modules, so the two never differ. */
  top?: Readonly<Record<string, TopVerbModule>>;
}

const EXAMPLE_INCIDENT = '0ae1221b-6727-5303-a6ed-e01c2c4e4ecd';
const EXAMPLE_UPDATE = '660bcab7-1d18-5be6-94dd-dc1c45db46e9';
const EXAMPLE_GROUP = 'c463c2d9-a899-5e7b-9e54-5b24368461d1';
const EXAMPLE_CHECK = '676ca3e3-a836-5d4b-adc0-e52fb2a005d6';

export const NOUNS: Readonly<Record<string, NounEntry>> = {
  auth: {
    description: 'Profiles and their credentials: log in and out, list them, switch the default one, print its key',
    examples: ['statusctl auth status', 'statusctl auth switch staging', 'statusctl auth token | wc -c'],
    verbs: {
      login: () => import('./auth/login.js'),
      logout: () => import('./auth/logout.js'),
      status: () => import('./auth/status.js'),
      switch: () => import('./auth/switch.js'),
      token: () => import('./auth/token.js'),
    },
    top: { login: () => import('./auth/login.js'), logout: () => import('./auth/logout.js') },
  },
  // The API key is a password: every verb of config shows it masked (`****` and its last 4
  // characters), `config get` included.
  config: {
    description:
      'Show and change the settings of a profile in the config file.\n\n' +
      'Settings come from, in order: the option, the environment, the profile, the default.\n\n' +
      "The profile's API key lives in the OS credential store when there is one, else in the config file; " +
      'its source says which (keyring, file, environment, option).\n\n' +
      'The API key is always shown masked (****abcd), also by `config get api-key`.',
    examples: [
      'statusctl config list',
      'statusctl config get api-key',
      'statusctl config set base-url https://status.example.com',
      'statusctl config path',
    ],
    verbs: {
      list: () => import('./config/list.js'),
      get: () => import('./config/get.js'),
      set: () => import('./config/set.js'),
      unset: () => import('./config/unset.js'),
      path: () => import('./config/path.js'),
    },
  },
  'status-pages': {
    description: 'Status pages of the account, of both kinds: v2 (cards and services) and V3 (components); new pages are V3',
    examples: [
      'statusctl status-pages list',
      "statusctl status-pages get 'Acme Payments'",
      'statusctl status-pages list --all -o json',
      'statusctl status-pages create --name "Acme Status" --url acme-status --dry-run',
    ],
    verbs: {
      list: () => import('./status-pages/list.js'),
      get: () => import('./status-pages/get.js'),
      open: () => import('./status-pages/open.js'),
      create: () => import('./status-pages/create.js'),
      edit: () => import('./status-pages/edit.js'),
      delete: () => import('./status-pages/delete.js'),
      domain: () => import('./status-pages/domain.js'),
      migrate: () => import('./status-pages/migrate.js'),
    },
  },
  components: {
    description: 'Components of V3 status pages: services and the groups holding them, each with its current status',
    examples: [
      'statusctl components list acme-platform',
      "statusctl components create acme-platform --name 'Search' --dry-run",
      "statusctl components get 'acme-platform/webhooks'",
    ],
    verbs: {
      list: () => import('./components/list.js'),
      get: () => import('./components/get.js'),
      create: () => import('./components/create.js'),
      edit: () => import('./components/edit.js'),
      delete: () => import('./components/delete.js'),
    },
  },
  'automation-rules': {
    description: 'Automation rules of V3 status pages: a failing check with one of their tags opens an incident on the page (alias: rules)',
    examples: [
      'statusctl automation-rules list acme-platform',
      "statusctl rules get 'Checkout is failing'",
      "statusctl automation-rules edit 'Checkout is failing' --disabled --dry-run",
    ],
    verbs: {
      list: () => import('./automation-rules/list.js'),
      get: () => import('./automation-rules/get.js'),
      create: () => import('./automation-rules/create.js'),
      edit: () => import('./automation-rules/edit.js'),
      delete: () => import('./automation-rules/delete.js'),
    },
  },
  services: {
    description: 'Services of the status pages (what incidents are declared on)',
    examples: ['statusctl services list', "statusctl services list --status-page 'Acme Payments'", "statusctl services get 'Payments API'"],
    verbs: {
      list: () => import('./services/list.js'),
      get: () => import('./services/get.js'),
    },
  },
  subscriptions: {
    description: 'Subscribers of a status page (who --notify reaches)',
    examples: [
      'statusctl subscriptions list acme-cloud',
      'statusctl subscriptions add acme-cloud oncall@example.com --verified',
      'statusctl subscriptions remove acme-cloud support-leads@acme-cloud.io --dry-run',
    ],
    verbs: {
      list: () => import('./subscriptions/list.js'),
      add: () => import('./subscriptions/add.js'),
      remove: () => import('./subscriptions/remove.js'),
    },
  },
  incidents: {
    description: 'Declare, list, inspect, watch, edit, resolve and delete incidents',
    examples: [
      'statusctl incidents create',
      'statusctl incidents list --status open',
      `statusctl incidents get ${EXAMPLE_INCIDENT}`,
      `statusctl incidents resolve ${EXAMPLE_INCIDENT} --message "Fixed"`,
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --severity major --add-service Payouts',
      `statusctl incidents delete ${EXAMPLE_INCIDENT} --dry-run`,
    ],
    verbs: {
      create: () => import('./incidents/create.js'),
      list: () => import('./incidents/list.js'),
      get: () => import('./incidents/get.js'),
      resolve: () => import('./incidents/resolve.js'),
      edit: () => import('./incidents/edit.js'),
      delete: () => import('./incidents/delete.js'),
      watch: () => import('./incidents/watch.js'),
      impacts: () => import('./incidents/impacts.js'),
    },
  },
  templates: {
    description:
      'Incident templates: Markdown files whose YAML front matter gives name, severity, services, status and notify, ' +
      'and whose body is the first update (incidents create --template NAME)',
    examples: [
      'statusctl templates list',
      "mkdir -p .statusctl/templates && printf -- '---\\nname: Outage in {{region}}\\nseverity: major\\n---\\nCustomers in {{region}} see errors.\\n' > .statusctl/templates/outage.md && statusctl templates show outage",
    ],
    verbs: {
      list: () => import('./templates/list.js'),
      show: () => import('./templates/show.js'),
    },
  },
  'incident-updates': {
    description: 'List, add, show, change and delete the updates (timeline entries) of an incident',
    examples: [
      `statusctl incident-updates list ${EXAMPLE_INCIDENT}`,
      `statusctl incident-updates add ${EXAMPLE_INCIDENT} --message "Fix deployed" --status monitoring`,
      `statusctl incident-updates get ${EXAMPLE_INCIDENT} ${EXAMPLE_UPDATE}`,
      `statusctl incident-updates put ${EXAMPLE_INCIDENT} ${EXAMPLE_UPDATE} --message "Corrected text"`,
      `statusctl incident-updates put ${EXAMPLE_INCIDENT} ${EXAMPLE_UPDATE} --status identified`,
      `statusctl incident-updates delete ${EXAMPLE_INCIDENT} ${EXAMPLE_UPDATE} --dry-run`,
    ],
    verbs: {
      list: () => import('./incident-updates/list.js'),
      add: () => import('./incident-updates/add.js'),
      get: () => import('./incident-updates/get.js'),
      put: () => import('./incident-updates/put.js'),
      delete: () => import('./incident-updates/delete.js'),
    },
  },
  notifications: {
    description: 'The notices subscribers would have received (reference server only: it sends no mail)',
    examples: ['statusctl notifications list', 'statusctl notifications list --incident 7385595c-e0b7-5ea5-864c-ef529d079682 -o json'],
    verbs: { list: () => import('./notifications/list.js') },
  },
  rca: {
    description: 'Root cause analyses of error groups',
    examples: [
      `statusctl rca request ${EXAMPLE_GROUP} --wait`,
      `ID=$(statusctl rca request ${EXAMPLE_GROUP} | cut -f3) && statusctl rca get "$ID"`,
    ],
    verbs: {
      request: () => import('./rca/request.js'),
      get: () => import('./rca/get.js'),
    },
  },
  'error-groups': {
    description: 'List, read, archive and unarchive error groups',
    examples: [
      'statusctl error-groups list',
      "statusctl error-groups list --check 35c79318-9183-5c3e-831d-8bf8cfe07ad0 --jq '.[].id' | statusctl error-groups archive -",
      `statusctl error-groups archive ${EXAMPLE_GROUP}`,
      `statusctl error-groups unarchive ${EXAMPLE_GROUP}`,
      'statusctl error-groups archive - < ids.txt',
    ],
    verbs: {
      list: () => import('./error-groups/list.js'),
      get: () => import('./error-groups/get.js'),
      archive: () => import('./error-groups/archive.js'),
      unarchive: () => import('./error-groups/unarchive.js'),
    },
  },
  heartbeats: {
    description: 'Heartbeat checks',
    examples: [
      `statusctl heartbeats availability ${EXAMPLE_CHECK} --since 7d`,
      `statusctl heartbeats availability ${EXAMPLE_CHECK} --fail-under 99.5%`,
      `statusctl heartbeats events ${EXAMPLE_CHECK} --since 7d`,
    ],
    verbs: {
      availability: () => import('./heartbeats/availability.js'),
      events: () => import('./heartbeats/events.js'),
    },
  },
  checks: {
    description: 'Checks and what is failing now: their states, results and alerts',
    examples: ['statusctl checks status --failing', "statusctl checks status 'Payments API'"],
    verbs: {
      status: () => import('./checks/status.js'),
      results: () => import('./checks/results.js'),
      result: () => import('./checks/result.js'),
      alerts: () => import('./checks/alerts.js'),
      run: () => import('./checks/run.js'),
    },
  },
  'test-sessions': {
    description: 'Test sessions of CI runs: their results and error groups, and waiting for one to end',
    examples: [
      'statusctl test-sessions list --status failed --since 7d',
      'statusctl test-sessions get 8fa45150-d481-509f-b1c2-274af8797ae3',
      'statusctl test-sessions get 8fa45150 --wait || echo "did not pass: exit $?"',
      'statusctl test-sessions result 8fa45150 3ec4c5ef',
    ],
    verbs: {
      list: () => import('./test-sessions/list.js'),
      get: () => import('./test-sessions/get.js'),
      result: () => import('./test-sessions/result.js'),
    },
  },
  maintenance: {
    description: 'Scheduled maintenance: windows (once or repeating), their occurrences and the status updates of each',
    examples: ['statusctl maintenance list', 'statusctl maintenance get 5219801255', 'statusctl maintenance start 5219801255 --dry-run'],
    verbs: {
      list: () => import('./maintenance/list.js'),
      get: () => import('./maintenance/get.js'),
      create: () => import('./maintenance/create.js'),
      edit: () => import('./maintenance/edit.js'),
      delete: () => import('./maintenance/delete.js'),
      reschedule: () => import('./maintenance/reschedule.js'),
      start: () => import('./maintenance/start.js'),
      verify: () => import('./maintenance/verify.js'),
      complete: () => import('./maintenance/complete.js'),
      cancel: () => import('./maintenance/cancel.js'),
      watch: () => import('./maintenance/watch.js'),
    },
  },
  'maintenance-updates': {
    description: 'The status updates of one occurrence of a maintenance window: add, change and delete them',
    examples: ['statusctl maintenance-updates add 5219801255 next --message "Replication is catching up." --dry-run'],
    // biome-ignore format: one line per noun of few verbs keeps this table under the module limit
    verbs: { add: () => import('./maintenance-updates/add.js'), put: () => import('./maintenance-updates/put.js'), delete: () => import('./maintenance-updates/delete.js') },
  },
  runtimes: {
    description: 'Runtimes available to checks',
    examples: ['statusctl runtimes list', 'statusctl runtimes list --stage current', 'statusctl runtimes get 2025.04'],
    verbs: {
      list: () => import('./runtimes/list.js'),
      get: () => import('./runtimes/get.js'),
    },
  },
};

/**
 * Declares the noun `name` on the program, with the verbs of `named` its run names (all of them
 * when it names none of them). `command` is the top-level word the run names: a verb declared at
 * the top (`login`) alone, else the noun (its name or its singular); without it (the whole tree),
 * both.
 */
export async function declareNoun(program: Program, name: string, named?: readonly string[], command?: string): Promise<void> {
  const entry = NOUNS[name]!;
  const top = Object.entries(entry.top ?? {}).filter(([verb]) => command === undefined || command === verb);
  for (const [, load] of top) (await load()).declare(program);
  if (command !== undefined && top.length > 0) return;
  const noun = program.command(name).description(entry.description);
  examples(noun, entry.examples);
  await declareVerbs(noun, entry.verbs, named);
}
