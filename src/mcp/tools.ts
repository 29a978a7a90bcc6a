// The MCP tools, generated from the operations table: one per public operation (reference-only
// routes are not tools), named after the operation id in snake_case. Arguments are the path
// parameters, the query parameters and the body's fields, all at the top level; the input
// schema is the contract's own zod schemas put side by side, turned into JSON Schema by zod:
// the body as a client writes it (the contract's clientBody, without the fields the server sets),
// each field with the contract's description.
//
// What the table cannot say (what a model should use a tool for, where its ids come from, and
// whether a call destroys or repeats safely) is written in GUIDE below, keyed by operation id:
// a new operation without an entry there fails to compile.
import { z } from 'zod';
import { isIdempotent } from '../contract/routes.js';
import { operations, pathParamNames, type Operation, type OperationId } from '../contract/operations.js';

type PublicId = { [Id in OperationId]: (typeof operations)[Id] extends { referenceOnly: true } ? never : Id }[OperationId];

interface Guide {
  title: string;
  /** For a model: what the tool is for and which tool gives the ids it needs. */
  description: string;
  /** The call can remove or overwrite what is there (hides, replaces). */
  destructive?: boolean;
}

const GUIDE: Record<PublicId, Guide> = {
  listStatusPages: {
    title: 'List status pages',
    description:
      'Lists the status pages of the account with their cards, services, recent incidents and keys. Use it first: the services (id, name, accountId) that create_incident needs are in cards[].services[].',
  },
  getStatusPage: {
    title: 'Get a status page',
    description: 'Retrieves one status page with its cards, services and incidents. The statusPageId comes from list_status_pages.',
  },
  listServices: {
    title: 'List services',
    description:
      'Lists the services the account\'s status pages show, newest first, each as {id, name, accountId} ready for create_incident and update_incident. Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20), or paginated: "false" for all at once.',
  },
  getService: {
    title: 'Get a service',
    description: "Retrieves one service of a status page by id (from list_services or a status page's cards[].services[]).",
  },
  listSubscriptions: {
    title: 'List subscribers',
    description:
      "Lists a status page's subscribers (email addresses, PENDING until they confirm or VERIFIED), newest first. The statusPageId comes from list_status_pages; each subscription id is for delete_subscription.",
  },
  createSubscriptions: {
    title: 'Subscribe email addresses',
    description:
      'Subscribes 1 to 100 email addresses to a status page: subscriptions as [{"type": "EMAIL", "config": "ops@example.com"}]. An address already subscribed is skipped and counted in skipped. autoVerify: true subscribes them VERIFIED without a confirmation mail. The statusPageId comes from list_status_pages.',
  },
  deleteSubscription: {
    title: 'Remove a subscriber',
    description:
      'Removes one subscriber from a status page; it gets no more notices. Both ids come from list_subscriptions (statusPageId is the page it was listed for).',
    destructive: true,
  },
  createIncident: {
    title: 'Create an incident',
    description:
      'Declares a new incident on a status page. services: the affected services as {id, name, accountId}, copied from a status page (list_status_pages, cards[].services[]). incidentUpdates: exactly one first update, e.g. [{"description": "Investigating elevated errors", "status": "INVESTIGATING"}]. Returns the incident with its id, for get_incident and create_incident_update.',
  },
  listIncidents: {
    title: 'List incidents',
    description:
      'Lists the latest incidents, newest first, with their updates. Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20). Gives the incidentId the incident tools need.',
  },
  getIncident: {
    title: 'Get an incident',
    description:
      'Retrieves one incident with its services and all its updates. The incidentId comes from list_incidents or create_incident.',
  },
  updateIncident: {
    title: 'Change an incident',
    description:
      'Changes the name, severity and services of an incident (escalate MINOR to CRITICAL, fix a typo, add an affected service). All three are required: get_incident first and send back what stays. services: the whole new list as {id, name, accountId} (from list_services). The updates are not touched; change those with update_incident_update.',
    destructive: true,
  },
  deleteIncident: {
    title: 'Delete an incident',
    description:
      'Deletes an incident and all its updates; status pages stop showing it. For an incident declared by mistake: one that happened is resolved (create_incident_update with status RESOLVED), not deleted. The incidentId comes from list_incidents.',
    destructive: true,
  },
  listIncidentUpdates: {
    title: "List an incident's updates",
    description: "Lists an incident's updates, newest first (by publicIncidentUpdateDate). The incidentId comes from list_incidents.",
  },
  createIncidentUpdate: {
    title: 'Add an incident update',
    description:
      'Posts a new update on an incident (what is known, optionally a new status such as MONITORING or RESOLVED; RESOLVED closes the incident). The incidentId comes from list_incidents. Each call adds another update.',
  },
  getIncidentUpdate: {
    title: 'Get an incident update',
    description: "Retrieves one update of an incident. Both ids come from get_incident (the incident's incidentUpdates[].id).",
  },
  updateIncidentUpdate: {
    title: 'Change an incident update',
    description:
      'Replaces the text (and optionally the status or date) of an existing incident update; what it said before is overwritten. Both ids come from get_incident (incidentUpdates[].id).',
    destructive: true,
  },
  deleteIncidentUpdate: {
    title: 'Delete an incident update',
    description:
      "Deletes one update of an incident (one posted to the wrong incident, say); the incident's status and duration are worked out again from the updates left. Both ids come from get_incident or list_incident_updates.",
    destructive: true,
  },
  getRootCauseAnalysis: {
    title: 'Get a root cause analysis',
    description:
      'Retrieves a root cause analysis by its id (from request_root_cause_analysis). While it is still being generated the result is only {id, status: "PENDING"}: call again a little later; a COMPLETED one carries the analysis.',
  },
  requestRootCauseAnalysis: {
    title: 'Request a root cause analysis',
    description:
      'Starts an AI root cause analysis of an error group (testSessionErrorGroupId: the error group id) and returns at once with the analysis id; fetch the analysis with get_root_cause_analysis. userContext (optional, up to 256 characters) tells the analysis what you already know.',
  },
  requestErrorGroupAnalysis: {
    title: "Request a root cause analysis of a check's error group",
    description:
      'Starts an AI root cause analysis of an error group of a check (errorGroupId: an id from list_error_groups or list_check_error_groups) and returns at once with the analysis id; fetch the analysis with get_root_cause_analysis. userContext (optional, up to 256 characters) tells the analysis what you already know.',
  },
  listErrorGroups: {
    title: 'List error groups',
    description:
      'Lists the error groups of the account (errors of check runs grouped by message), newest lastSeen first, archived ones included (archivedUntilNextEvent says so). By page: page from 1, limit 1 to 100 (default 10); a page past the end is empty. Gives the ids update_error_group and request_error_group_analysis take.',
  },
  listCheckErrorGroups: {
    title: "List a check's error groups",
    description: "Lists one check's error groups, newest lastSeen first, archived ones included; page and limit as list_error_groups.",
  },
  getErrorGroup: {
    title: 'Get an error group',
    description:
      'Retrieves one error group with its cleaned message, first and last seen days and analyses. The id comes from list_error_groups.',
  },
  updateErrorGroup: {
    title: 'Archive or unarchive an error group',
    description:
      'Archives an error group (archiveForEver: true hides it for good, archivedUntilNextEvent: true until it happens again) or brings it back (false). id: the error group id.',
    destructive: true,
  },
  getHeartbeatAvailability: {
    title: 'Heartbeat availability',
    description:
      'Success ratio (percent) of a heartbeat check over a period (default the last 24 hours) and over the period before it. checkId: the heartbeat check id. startTime and endTime are dates (YYYY-MM-DD) or date-times with an offset.',
  },
  listHeartbeatEvents: {
    title: 'List heartbeat events',
    description:
      'Lists the pings a heartbeat check received (RECEIVED, EARLY, GRACE are on time; LATE, FAILING are not), newest first, at most limit (1 to 10, default 10), with availability stats for the last 24 hours and 7 days. startTime and endTime as get_heartbeat_availability (default the last 24 hours).',
  },
  getHeartbeatEvent: {
    title: 'Get a heartbeat event',
    description: "Retrieves one ping of a heartbeat check with the check's availability stats. The id comes from list_heartbeat_events.",
  },
  listRuntimes: {
    title: 'List runtimes',
    description: 'Lists the runtimes checks can run on, with Node.js version, stage (CURRENT, DEPRECATED...) and end of life.',
  },
  getRuntime: {
    title: 'Get a runtime',
    description:
      'Retrieves one runtime by its name (id: such as 2025.04, from list_runtimes) with its Node.js version, stage, end of life and packages.',
  },
};

export interface ToolDefinition {
  name: string;
  operationId: PublicId;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  outputSchema?: { type: 'object'; [key: string]: unknown };
  /** True when the response body is not an object and structuredContent wraps it as {result}. */
  wrapsResult: boolean;
  annotations: { title: string; readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  pathParams: string[];
  queryFields: string[];
  bodyFields: string[];
}

export function toolName(id: string): string {
  return id.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A body schema's object: a nullable body (a request analysis) is sent as an object anyway. */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  if (!schema) return undefined;
  const inner = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
  if (!(inner instanceof z.ZodObject))
    throw new TypeError('a body or query schema that is not an object cannot be spread into tool arguments');
  return inner;
}

/** JSON Schema of what the API accepts or sends, without zod's `$schema` line. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  // 'input': zod's output mode would add additionalProperties: false to every object, and the
  // hosted API may send fields newer than the contract; clients validate structuredContent.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function define(id: PublicId): ToolDefinition {
  const op: Operation = operations[id];
  const guide = GUIDE[id];
  const pathParams = pathParamNames(op.path);
  const query = objectOf(op.query);
  const body = objectOf(op.clientBody ?? op.body);
  const shape: Record<string, z.ZodType> = {};
  for (const name of pathParams) {
    const description = op.paramDescriptions?.[name];
    if (!description) throw new TypeError(`${id}: the contract gives no description of the path parameter ${name}`);
    shape[name] = z.string().min(1).meta({ description });
  }
  for (const part of [query, body]) {
    for (const [name, field] of Object.entries(part?.shape ?? {})) {
      if (Object.hasOwn(shape, name)) throw new TypeError(`${id}: argument ${name} would be both a path, query or body field`);
      shape[name] = field as z.ZodType;
    }
  }
  // A body that may be null (request_root_cause_analysis) has only optional fields: fine as is.
  const inputSchema = jsonSchema(z.strictObject(shape)) as ToolDefinition['inputSchema'];

  const responses = Object.values(op.responses);
  const success = responses.length === 1 ? responses[0]! : z.union(responses as [z.ZodType, z.ZodType]);
  const output = jsonSchema(success);
  // structuredContent must be an object: an array or a nullable body goes in {result}.
  const isObject =
    output.type === 'object' ||
    (Array.isArray(output.anyOf) && output.anyOf.every((branch) => (branch as { type?: string }).type === 'object'));
  const wrapsResult = !isObject;
  const outputSchema = (
    isObject
      ? { type: 'object', ...output }
      : { type: 'object', properties: { result: output }, required: ['result'], additionalProperties: false }
  ) as ToolDefinition['outputSchema'];

  const readOnly = op.method === 'GET';
  return {
    name: toolName(id),
    operationId: id,
    title: guide.title,
    description: `${guide.description}\n\n(${op.method} ${op.path}: ${op.summary}.)`,
    inputSchema,
    outputSchema,
    wrapsResult,
    annotations: {
      title: guide.title,
      readOnlyHint: readOnly,
      // From the contract's route, as the client's retries are: one place says what a repeat does.
      idempotentHint: isIdempotent(op),
      destructiveHint: !readOnly && guide.destructive === true,
      // The tools act on a hosted service outside this process.
      openWorldHint: true,
    },
    pathParams,
    queryFields: Object.keys(query?.shape ?? {}),
    bodyFields: Object.keys(body?.shape ?? {}),
  };
}

/** Every tool, in the order of the operations table. */
export function defineTools(): ToolDefinition[] {
  return (Object.keys(GUIDE) as PublicId[])
    .sort((a, b) => Object.keys(operations).indexOf(a) - Object.keys(operations).indexOf(b))
    .map(define);
}
