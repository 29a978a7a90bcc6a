// Type-level tests of the operations table's checks (src/contract/table.ts), checked by `npm run
// check` (tsc). Each fake table below is missing one piece; TableProblems must name that kind of
// problem and that operation (`kind: id`), and nothing else. Nothing here runs.
import type { Row, TableProblems } from '../../src/contract/table.js';

function table<const T extends Record<string, Row>>(rows: T): T {
  return rows;
}

/** True exactly when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const tool = { title: 'Get a thing', description: 'Retrieves one thing.' };
// The toolset `define` gives every row of a module that names one (src/contract/row.ts).
const toolset = 'incidents';

// A complete table has no problem.
const complete = table({
  getThing: {
    method: 'GET',
    path: '/v1/things/{id}',
    summary: 's',
    paramDescriptions: { id: 'the thing' },
    responses: { 200: 'Incident' },
    tool,
    toolset,
  },
  listIncidents: {
    method: 'GET',
    path: '/v1/things',
    summary: 's',
    query: 'PageQuery',
    sample: { query: { limit: '5' } },
    responses: { 200: 'IncidentList' },
    tool,
    toolset,
  },
  makeThing: {
    method: 'POST',
    path: '/v1/things',
    summary: 's',
    body: 'CreateIncidentInput',
    bodyRequired: true,
    sample: { body: { name: 'n' } },
    responses: { 201: 'Incident' },
    readBack: { read: 'listIncidents', noun: 'thing', match: { name: 'sent' } },
    tool,
    toolset,
  },
  recordThing: {
    method: 'POST',
    path: '/_reference/things',
    summary: 's',
    referenceOnly: true,
    readBack: 'none',
    responses: { 201: 'Incident' },
  },
});
const none: Equal<TableProblems<typeof complete>, never> = true;

// A POST without `readBack`, a body without `bodyRequired` or a sample, a path parameter without its description.
const write = table({
  makeThing: {
    method: 'POST',
    path: '/v1/things/{id}',
    summary: 's',
    body: 'CreateIncidentInput',
    responses: { 201: 'Incident' },
    tool,
    toolset,
  },
});
const writeProblems: Equal<
  TableProblems<typeof write>,
  | 'writeWithoutReadBack: makeThing'
  | 'bodyWithoutBodyRequiredOrTheOther: makeThing'
  | 'bodyWithoutSample: makeThing'
  | 'pathParameterWithoutDescription: makeThing'
> = true;
// @ts-expect-error the problems are named exactly: one left out is another type
const writeProblemsShort: Equal<TableProblems<typeof write>, 'writeWithoutReadBack: makeThing'> = true;

// An operation of the hosted API without its tool, and a reference-only one with a tool.
const tools = table({
  getThing: { method: 'GET', path: '/v1/things', summary: 's', responses: { 200: 'Incident' } },
  listNotes: {
    method: 'GET',
    path: '/_reference/notes',
    summary: 's',
    referenceOnly: true,
    responses: { 200: 'NotificationList' },
    tool,
    toolset,
  },
});
const toolProblems: Equal<
  TableProblems<typeof tools>,
  'hostedWithoutToolOrReferenceOnlyWithOne: getThing' | 'hostedWithoutToolOrReferenceOnlyWithOne: listNotes'
> = true;

// A tool whose module names no toolset.
const outOfToolset = table({
  getThing: { method: 'GET', path: '/v1/things', summary: 's', responses: { 200: 'Incident' }, tool },
});
const toolsetProblems: Equal<TableProblems<typeof outOfToolset>, 'toolWithoutToolset: getThing'> = true;

// A row beyond the hosted document is no tool either: without one it is complete, with one it is named.
const beyondDocument = { of: 'PUT', sentBy: "the vendor's CLI" } as const;
const beyond = table({
  patchThing: { method: 'PATCH', path: '/v1/things', summary: 's', beyondDocument, idempotent: true, responses: { 200: 'Incident' } },
  patchOther: {
    method: 'PATCH',
    path: '/v1/others',
    summary: 's',
    beyondDocument,
    idempotent: true,
    responses: { 200: 'Incident' },
    tool,
    toolset,
  },
});
const beyondProblems: Equal<TableProblems<typeof beyond>, 'hostedWithoutToolOrReferenceOnlyWithOne: patchOther'> = true;

// A read-back through an operation that is not a GET.
const readBack = table({
  getIncident: {
    method: 'PUT',
    path: '/v1/things',
    summary: 's',
    body: 'UpdateIncidentInput',
    bodyRequired: true,
    sample: { body: { name: 'n' } },
    responses: { 200: 'Incident' },
    tool,
    toolset,
  },
  makeThing: {
    method: 'POST',
    path: '/v1/things',
    summary: 's',
    responses: { 201: 'Incident' },
    readBack: { read: 'getIncident', noun: 'thing', match: { description: 'sent' } },
    tool,
    toolset,
  },
});
const readBackProblems: Equal<TableProblems<typeof readBack>, 'readBackThatIsNotAGet: makeThing'> = true;

// A query without a sample of it (a sample with a body only is not one).
const samples = table({
  listThings: {
    method: 'GET',
    path: '/v1/things',
    summary: 's',
    query: 'PageQuery',
    sample: { body: {} },
    responses: { 200: 'IncidentList' },
    tool,
    toolset,
  },
});
const sampleProblems: Equal<TableProblems<typeof samples>, 'queryWithoutSample: listThings'> = true;

// A schema is named as schemas.ts exports it.
table({
  // @ts-expect-error no schema of that name
  getThing: { method: 'GET', path: '/v1/things', summary: 's', responses: { 200: 'Incidnet' }, tool, toolset },
});

void [none, writeProblems, writeProblemsShort, toolProblems, toolsetProblems, beyondProblems, readBackProblems, sampleProblems];
