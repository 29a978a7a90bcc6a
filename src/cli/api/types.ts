// The API's shapes as the CLI sees them (types only: nothing of zod loads at run time).
import type { z } from 'zod';
import type * as schemas from '../../contract/schemas.js';

export type Incident = z.output<typeof schemas.Incident>;
export type IncidentUpdate = z.output<typeof schemas.IncidentUpdate>;
export type Service = z.output<typeof schemas.Service>;
export type StatusPage = z.output<typeof schemas.StatusPage>;
export interface Page<Entry> {
  length: number;
  entries: Entry[];
  nextId: string | null;
}
export type V3StatusPage = z.output<typeof schemas.V3StatusPage>;
export type V3Component = z.output<typeof schemas.V3Component>;
/** A status page of either kind, as its own API answers it: a V3 page carries `version: 3`. */
export type AnyStatusPage = StatusPage | V3StatusPage;

export function isV3(page: AnyStatusPage): page is V3StatusPage {
  return (page as { version?: unknown }).version === 3;
}
