// The 2xx checks of the other tests lean on the upstream validators: make sure they exist for
// every operation upstream describes, and that they do reject a wrong body.
import { describe, expect, it } from 'vitest';
import { operations, successStatus, type Operation, type OperationId } from '../../src/contract/operations.js';
import { upstreamDescribes, upstreamValidatorFor } from './helpers.js';

describe('upstream response validation', () => {
  it('has a validator for every operation of the hosted API that answers a body', () => {
    for (const [id, op] of Object.entries(operations) as [OperationId, Operation][]) {
      // A 204 has no body to validate (docs/api-rules.md#errors: no content, whatever the document's schema says).
      const expected = !op.referenceOnly && successStatus(op) !== 204;
      expect(upstreamDescribes(id, successStatus(op)), id).toBe(expected);
    }
    expect(upstreamDescribes('getRootCauseAnalysis', 202)).toBe(true);
  });

  it('rejects bodies that break the upstream shapes', () => {
    const incident = upstreamValidatorFor('getIncident', 200)!;
    const valid = {
      id: 'i',
      name: 'n',
      severity: 'MINOR',
      services: [],
      incidentUpdates: [],
      lastUpdateStatus: 'RESOLVED',
      duration: null,
      created_at: '2025-03-10',
    };
    expect(incident(valid)).toBe(true);
    expect(incident({ ...valid, lastUpdateStatus: 'DONE' })).toBe(false);
    expect(incident({ ...valid, created_at: '10/03/2025' })).toBe(false);
    const { lastUpdateStatus: _omitted, ...withoutStatus } = valid;
    expect(incident(withoutStatus)).toBe(false);
    const availability = upstreamValidatorFor('getHeartbeatAvailability', 200)!;
    expect(availability(null)).toBe(true);
    expect(availability({ successRatio: { currentPeriod: '99' } })).toBe(false);
  });
});
