// A valid body for every operation that takes one, which the generated cases of the fuzz suites
// (fuzz*.test.ts) break one part at a time, and the paths of every value in a body.
import { operations as table, type Operation, type OperationId } from '../../src/contract/operations.js';
import { sampleOf } from '../../src/contract/table.js';
import { demoIds } from '../../src/server/index.js';
import { ACCOUNT_A, OPERATION_IDS } from './support.js';

/** The table, indexable by any operation id. */
const operations: Readonly<Record<OperationId, Operation>> = table;
const SERVICE_IDS = Object.values(demoIds(ACCOUNT_A.id).services);

/**
 * A valid body per operation that takes one, every optional field present: its row's sample
 * (src/contract/row.ts, Sample), naming a service of the account.
 */
export function baseBodies(): Partial<Record<OperationId, unknown>> {
  const service = { id: SERVICE_IDS[0], name: 'Web App', accountId: ACCOUNT_A.id, created_at: '2025-01-01', updated_at: null };
  return Object.fromEntries(
    OPERATION_IDS.filter((id) => operations[id].body).map((id) => {
      const body = sampleOf(id)?.body as Record<string, unknown>;
      return [id, 'services' in body ? { ...body, services: [service] } : body];
    }),
  );
}

/** The path of every value in a JSON value, the value itself first (`[]`). */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value))
    value.forEach((item, index) => {
      out.push(...pathsOf(item, [...prefix, index]));
    });
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) out.push(...pathsOf(item, [...prefix, key]));
  return out;
}
