// Where each command is documented in use: the last line of its --help names the page and the
// section (`Docs: docs/commands.md#watching-an-incident`). One table for the whole tree, by
// command path: a verb takes its own entry when it has one, else its noun's, so a verb added
// later is covered by its noun's line; a noun without one names the README's table of commands,
// which links onward. The README's table links the same sections as this one (test/cli/gh-help.test.ts
// holds the two together where this table has an entry, and every anchor to a heading of its page).

/** The program's own help: the README's table of commands. */
export const PROGRAM_DOCS = 'README.md#commands';

export const DOCS_PAGES: Readonly<Record<string, string>> = {
  login: 'docs/configuration.md#log-in',
  logout: 'docs/configuration.md#log-in',
  whoami: 'docs/configuration.md#log-in',
  auth: 'docs/configuration.md#profiles',
  // The same commands as login and logout (commands/nouns.ts), so the same page.
  'auth login': 'docs/configuration.md#log-in',
  'auth logout': 'docs/configuration.md#log-in',
  config: 'docs/configuration.md#log-in',
  status: 'docs/commands.md#what-is-failing-now-statusctl-status',
  'status-pages': 'docs/commands.md#status-pages',
  components: 'docs/commands.md#components-of-v3-pages',
  services: 'docs/commands.md#services-and-subscribers',
  subscriptions: 'docs/commands.md#services-and-subscribers',
  incidents: 'docs/commands.md#incidents-and-their-updates',
  'incidents watch': 'docs/commands.md#watching-an-incident',
  'incidents impacts': 'docs/commands.md#incidents-on-v3-status-pages',
  'incident-updates': 'docs/commands.md#incidents-and-their-updates',
  'automation-rules': 'docs/commands.md#automation-rules-of-v3-pages',
  templates: 'docs/commands.md#templates',
  notifications: 'docs/commands.md#changing-and-deleting-incidents',
  rca: 'docs/commands.md#root-cause-analyses-and-error-groups',
  'error-groups': 'docs/commands.md#root-cause-analyses-and-error-groups',
  heartbeats: 'docs/commands.md#heartbeats',
  checks: 'docs/commands.md#checks-what-is-failing-now',
  'test-sessions': 'docs/commands.md#test-sessions-of-ci-runs',
  runtimes: 'docs/commands.md#runtimes',
  maintenance: 'docs/commands.md#scheduled-maintenance',
  'maintenance-updates': 'docs/commands.md#scheduled-maintenance',
  api: 'docs/scripting.md#any-route-statusctl-api-and---jq',
  completion: 'docs/commands.md#completion',
  server: 'docs/reference-server.md#starting-it',
  demo: 'docs/commands.md#server-demo-completion',
  mcp: 'docs/mcp.md#toolsets',
  version: 'docs/commands.md#on-call-short-ids-filters-help',
  help: 'docs/commands.md#on-call-short-ids-filters-help',
};

/** The page of `path` (`['incidents', 'watch']`): its own entry, else the nearest above it; the README's table for none. */
export function docsPageOf(path: readonly string[]): string {
  for (let length = path.length; length > 0; length--) {
    const page = DOCS_PAGES[path.slice(0, length).join(' ')];
    if (page !== undefined) return page;
  }
  return PROGRAM_DOCS;
}
