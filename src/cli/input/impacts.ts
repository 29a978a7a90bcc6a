// What a component of a V3 status page is during an incident, as people type it on the command
// line: `--component "Checkout=partial"`, `--set "API=major@2h..30m"`. The short words are the
// CLI's, the API's own names (`PARTIAL_OUTAGE`) are taken too, in any case. The list is written
// here rather than imported from the contract's schemas so that declaring the commands does not
// load zod; the type ties it to the contract.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import type { V3ImpactStatus } from '../../contract/resources/v3-incidents.schemas.js';
import { didYouMean } from '../errors/suggest.js';
import type { Severity } from './incident-options.js';

export type Impact = V3ImpactStatus;

/** Each impact with the word the CLI takes and shows for it, the mildest first. */
export const IMPACT_WORDS = {
  OPERATIONAL: 'operational',
  UNDER_MAINTENANCE: 'maintenance',
  DEGRADED_PERFORMANCE: 'degraded',
  PARTIAL_OUTAGE: 'partial',
  MAJOR_OUTAGE: 'major',
} as const satisfies Record<Impact, string>;

const IMPACTS = Object.keys(IMPACT_WORDS) as Impact[];
/** The words an impacted component takes (operational ends an impact: only edit takes it). */
export const IMPACT_CHOICES = ['degraded', 'partial', 'major', 'maintenance'] as const;

/** How bad each impact is: the order a component's current status is worked out in (worst wins). */
const RANK: Record<Impact, number> = {
  OPERATIONAL: 0,
  UNDER_MAINTENANCE: 1,
  DEGRADED_PERFORMANCE: 2,
  PARTIAL_OUTAGE: 3,
  MAJOR_OUTAGE: 4,
};

/** `partial`, `PARTIAL_OUTAGE`, `partial-outage` (any case): the impact, or undefined. */
export function impactOf(word: string): Impact | undefined {
  const wanted = word.trim().toLowerCase().replace(/[-\s]/g, '_');
  return IMPACTS.find((impact) => impact.toLowerCase() === wanted || IMPACT_WORDS[impact] === wanted);
}

/** The impact a component named without one takes: --severity's (minor and medium: degraded, major: partial, critical: major), else partial. */
export function impactOfSeverity(severity: Severity | undefined): Impact {
  if (severity === 'CRITICAL') return 'MAJOR_OUTAGE';
  if (severity === 'MINOR' || severity === 'MEDIUM') return 'DEGRADED_PERFORMANCE';
  return 'PARTIAL_OUTAGE';
}

/** The severities --severity matches a V3 incident by, from its worst impact (none for maintenance alone). */
export function severitiesOfImpact(impact: Impact | undefined): Severity[] {
  if (impact === 'MAJOR_OUTAGE') return ['CRITICAL'];
  if (impact === 'PARTIAL_OUTAGE') return ['MAJOR'];
  if (impact === 'DEGRADED_PERFORMANCE') return ['MEDIUM', 'MINOR'];
  return [];
}

/** The worst of `impacts` (undefined when there is none). */
export function worstImpact(impacts: Iterable<Impact>): Impact | undefined {
  let worst: Impact | undefined;
  for (const impact of impacts) if (worst === undefined || RANK[impact] > RANK[worst]) worst = impact;
  return worst;
}

function expected(operational: boolean): string {
  const words = [...IMPACT_CHOICES, ...(operational ? ['operational'] : [])];
  return `expected ${words.join(', ')} (or the API's names, such as PARTIAL_OUTAGE, any case)`;
}

function impactWord(word: string, operational: boolean): Impact {
  const impact = impactOf(word);
  if (impact === undefined || (impact === 'OPERATIONAL' && !operational)) {
    const words = [...IMPACT_CHOICES, ...(operational ? ['operational'] : [])];
    throw new InvalidArgumentError(`"${word}" is not an impact: ${expected(operational)}${didYouMean(word, words)}`);
  }
  return impact;
}

/** A component as `--component` names it: its id or name, and the impact given after `=` (if any). */
export interface ComponentImpact {
  component: string;
  impact?: Impact;
}

/**
 * `NAME[=IMPACT]`: the text after the last `=` is the impact, so a name may hold `=` itself when
 * an impact follows. `operational` says whether OPERATIONAL is taken (an edit ends an impact so).
 */
export function componentImpact(value: string, operational = false): ComponentImpact {
  const at = value.lastIndexOf('=');
  const component = (at < 0 ? value : value.slice(0, at)).trim();
  if (component === '') throw new InvalidArgumentError(`"${value}": expected NAME or NAME=IMPACT, with the component's name or id`);
  if (at < 0) return { component };
  return { component, impact: impactWord(value.slice(at + 1), operational) };
}

/** The repeatable `--component NAME[=IMPACT]` of a create (commas separate too, as for --service). */
export function collectComponents(value: string, previous: ComponentImpact[] = []): ComponentImpact[] {
  return [...previous, ...splitList(value).map((part) => componentImpact(part))];
}

/** The repeatable `--component NAME=IMPACT` of an edit: the impact is required, operational ends one. */
export function collectComponentChanges(value: string, previous: ComponentImpact[] = []): ComponentImpact[] {
  return [
    ...previous,
    ...splitList(value).map((part) => {
      const parsed = componentImpact(part, true);
      if (!parsed.impact) throw new InvalidArgumentError(`"${part}": expected NAME=IMPACT; ${expected(true)}`);
      return parsed;
    }),
  ];
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** One window of `incidents impacts --set`, its times as typed (resolved against the run's clock by impactWindowTimes). */
export interface WindowSpec {
  component: string;
  impact: Exclude<Impact, 'OPERATIONAL'>;
  from: string;
  /** Undefined: the window is still open. */
  to?: string;
}

/** `COMPONENT=IMPACT@FROM..TO` (TO left out: still open). */
export function impactWindow(value: string): WindowSpec {
  const at = value.lastIndexOf('@');
  const form = 'expected COMPONENT=IMPACT@FROM..TO (FROM and TO as --since takes them; TO left out: still open)';
  if (at < 0) throw new InvalidArgumentError(`"${value}": ${form}`);
  const { component, impact } = componentImpact(value.slice(0, at));
  // componentImpact takes no OPERATIONAL here: a window is an impact.
  if (!impact || impact === 'OPERATIONAL') throw new InvalidArgumentError(`"${value}": ${form}`);
  const times = value.slice(at + 1).split('..');
  if (times.length !== 2 || !times[0]!.trim()) throw new InvalidArgumentError(`"${value}": ${form}`);
  const to = times[1]!.trim();
  return { component, impact, from: times[0]!.trim(), ...(to ? { to } : {}) };
}

export function collectWindows(value: string, previous: WindowSpec[] = []): WindowSpec[] {
  return [...previous, impactWindow(value)];
}
