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
