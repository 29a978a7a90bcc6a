// Which tools `statusctl mcp` serves: named groups of them (`--toolsets incidents,heartbeats`),
// as GitHub's MCP server selects its toolsets, so an agent's context holds the tools of the work
// at hand rather than one per operation of the table. A toolset's tools are the rows of the table
// whose module names it (src/contract/toolsets.ts); the words `all` (every toolset) and `default`
// (those marked so) may stand among the names. Reads the table only, not zod nor the MCP SDK,
// so listing the toolsets or refusing a name loads neither.
import { routes, type OperationId, type Row } from '../contract/table.js';
import { TOOLSETS, type ToolsetName } from '../contract/toolsets.js';

export const ALL = 'all';
export const DEFAULT = 'default';

export interface Toolset {
  name: ToolsetName;
  description: string;
  /** Served when --toolsets is not given. */
  default: boolean;
  /** Its tools' names, in the order of the table. */
  tools: string[];
}

export function toolName(id: string): string {
  return id.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const TOOLSET_NAMES = Object.keys(TOOLSETS) as ToolsetName[];

/** The toolset of each operation that is a tool (an operation of the hosted API: table.ts holds every one to having both). */
export function toolsetOf(id: OperationId): ToolsetName | undefined {
  const row: Row = routes[id];
  return row.tool ? row.toolset : undefined;
}

/** Every toolset, in the order written, with its tools. */
export function toolsets(): Toolset[] {
  const ids = Object.keys(routes) as OperationId[];
  return TOOLSET_NAMES.map((name) => {
    const entry: { description: string; default?: true } = TOOLSETS[name];
    return {
      name,
      description: entry.description,
      default: entry.default === true,
      tools: ids.filter((id) => toolsetOf(id) === name).map(toolName),
    };
  });
}

export const DEFAULT_TOOLSETS: readonly ToolsetName[] = toolsets()
  .filter((toolset) => toolset.default)
  .map((toolset) => toolset.name);

/** The names --toolsets takes: the toolsets', then the two words. */
export const TOOLSET_WORDS: readonly string[] = [...TOOLSET_NAMES, ALL, DEFAULT];

/**
 * The toolsets `names` select (any case), in the order written, each once: `all` is every
 * one, `default` the default ones beside the others named. The names it does not know are in
 * `unknown`, as given.
 */
export function selectToolsets(names: readonly string[]): { selected: ToolsetName[]; unknown: string[] } {
  const wanted = new Set<ToolsetName>();
  const unknown: string[] = [];
  for (const given of names) {
    const name = given.trim().toLowerCase();
    if (name === ALL) for (const each of TOOLSET_NAMES) wanted.add(each);
    else if (name === DEFAULT) for (const each of DEFAULT_TOOLSETS) wanted.add(each);
    else if (Object.hasOwn(TOOLSETS, name)) wanted.add(name as ToolsetName);
    else unknown.push(given);
  }
  return { selected: TOOLSET_NAMES.filter((name) => wanted.has(name)), unknown };
}
