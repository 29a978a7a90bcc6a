// Option values and parsers of the incident commands. The enum lists come from the contract's
// zod-free module, so declaring the commands does not load zod and the schemas at start-up.
import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { INCIDENT_STATUSES, SEVERITIES } from '../../contract/enums.js';

export { INCIDENT_STATUSES, SEVERITIES };
export type Severity = (typeof SEVERITIES)[number];
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** The first update's text when --message is not given (upstream wants exactly one update on create). */
export const DEFAULT_FIRST_UPDATE = 'We are investigating this incident.';

export const STATUS_FILTERS = ['open', 'resolved', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * `--date`: an ISO 8601 date-time with a zone (`2025-05-01T10:00:00Z`, `...+02:00`). Sent as
 * UTC, the form the server answers in. A date without a time or zone is refused rather than
 * guessed.
 */
export function isoDateTime(value: string): string {
  const time = Date.parse(value);
  if (!ISO_DATE_TIME.test(value) || Number.isNaN(time)) {
    throw new InvalidArgumentError('expected an ISO 8601 date-time with a time zone, e.g. 2025-05-01T10:00:00Z');
  }
  return new Date(time).toISOString();
}

/** An incident name as the API takes it: 1 to 255 characters, not only spaces. */
export function checkIncidentName(value: string): string | true {
  if (value.trim() === '') return 'a name is required';
  if (value.length > 255) return `at most 255 characters (this one has ${value.length})`;
  return true;
}

export function incidentName(value: string): string {
  const verdict = checkIncidentName(value);
  if (verdict !== true) throw new InvalidArgumentError(verdict);
  return value;
}

export function nonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty');
  return value;
}

/** `--message-file FILE|-`, next to every --message: long text from a file or a pipe (src/cli/input/read.ts reads it). */
export function messageFileOption(what: string) {
  return new Option('--message-file <file>', `read ${what} from FILE, or - for stdin (instead of --message)`).conflicts('message');
}
