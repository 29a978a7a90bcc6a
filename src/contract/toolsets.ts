// The MCP server's toolsets (`statusctl mcp --toolsets`): named groups of tools, so an agent host
// loads the tools of the work at hand instead of one per operation of the table. Each module of
// rows names the toolset of its rows (`define('incidents', {...})` in resources/); each toolset
// is written here once, with what it serves. Which tools a toolset holds, and how many, is read
// from the table (src/mcp/toolsets.ts).
export const TOOLSETS = {
  incidents: {
    description: 'Incidents and their updates on status pages v2 and V3, with the components they impact',
    default: true,
  },
  'status-pages': {
    description: 'Status pages v2 and V3, their services and components, and their subscribers',
    default: true,
  },
  'error-groups': { description: 'Error groups of check runs and their AI root cause analyses' },
  heartbeats: { description: 'Heartbeat checks: the pings they received and their availability' },
  triage: {
    description: 'Triage: check statuses, alerts and results, test sessions and their error groups, re-running checks',
  },
  maintenance: { description: 'Scheduled maintenance: windows, their maintenances and the status updates of each' },
  runtimes: { description: 'The runtimes checks run on: Node.js version, stage, end of life and packages' },
} as const satisfies Record<string, { readonly description: string; readonly default?: true }>;

export type ToolsetName = keyof typeof TOOLSETS;
