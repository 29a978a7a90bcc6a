// Option values and parsers of the incident commands. The enum lists are repeated here (checked
// against the contract at compile time below) so that declaring the commands does not load zod
// and the contract schemas at start-up.
import { InvalidArgumentError } from 'commander';
import type { INCIDENT_STATUSES as ContractStatuses, SEVERITIES as ContractSeverities } from '../../contract/schemas.js';

export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] as const;
export const INCIDENT_STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

// Fails to compile when the contract's enums change and these lists do not.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const severitiesMatch: Same<Severity, (typeof ContractSeverities)[number]> = true;
const statusesMatch: Same<IncidentStatus, (typeof ContractStatuses)[number]> = true;
void severitiesMatch;
void statusesMatch;

export const STATUS_FILTERS = ['open', 'resolved', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** `--status open|resolved|all`, any case. */
export function statusFilter(value: string): StatusFilter {
  const lower = value.toLowerCase();
  if (!(STATUS_FILTERS as readonly string[]).includes(lower)) {
    throw new InvalidArgumentError(`expected one of ${STATUS_FILTERS.join(', ')}`);
  }
  return lower as StatusFilter;
}

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
