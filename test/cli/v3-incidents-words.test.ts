// The words a V3 incident's component impacts are typed in (src/cli/input/impacts.ts): the CLI's
// short words and the API's names in any case, `NAME[=IMPACT]` for --component, the impact a
// severity stands for and back, and `COMPONENT=IMPACT@FROM..TO` for `incidents impacts --set`.
import { describe, expect, it } from 'vitest';
import {
  collectComponentChanges,
  collectComponents,
  impactOf,
  impactOfSeverity,
  impactWindow,
  severitiesOfImpact,
  worstImpact,
} from '../../src/cli/input/impacts.js';

describe('impact words', () => {
  it("takes the short words and the API's names, in any case", () => {
    expect(impactOf('degraded')).toBe('DEGRADED_PERFORMANCE');
    expect(impactOf('Partial')).toBe('PARTIAL_OUTAGE');
    expect(impactOf('MAJOR')).toBe('MAJOR_OUTAGE');
    expect(impactOf('maintenance')).toBe('UNDER_MAINTENANCE');
    expect(impactOf('partial_outage')).toBe('PARTIAL_OUTAGE');
    expect(impactOf('Degraded-Performance')).toBe('DEGRADED_PERFORMANCE');
    expect(impactOf('operational')).toBe('OPERATIONAL');
    expect(impactOf('broken')).toBeUndefined();
  });

  it("a component named without an impact takes the severity's: minor and medium degraded, major partial, critical major, else partial", () => {
    expect(impactOfSeverity('MINOR')).toBe('DEGRADED_PERFORMANCE');
    expect(impactOfSeverity('MEDIUM')).toBe('DEGRADED_PERFORMANCE');
    expect(impactOfSeverity('MAJOR')).toBe('PARTIAL_OUTAGE');
    expect(impactOfSeverity('CRITICAL')).toBe('MAJOR_OUTAGE');
    expect(impactOfSeverity(undefined)).toBe('PARTIAL_OUTAGE');
  });

  it('--severity matches a V3 incident by its worst impact', () => {
    expect(worstImpact(['UNDER_MAINTENANCE', 'PARTIAL_OUTAGE', 'DEGRADED_PERFORMANCE'])).toBe('PARTIAL_OUTAGE');
    expect(worstImpact([])).toBeUndefined();
    expect(severitiesOfImpact('MAJOR_OUTAGE')).toEqual(['CRITICAL']);
    expect(severitiesOfImpact('PARTIAL_OUTAGE')).toEqual(['MAJOR']);
    expect(severitiesOfImpact('DEGRADED_PERFORMANCE')).toEqual(['MEDIUM', 'MINOR']);
    expect(severitiesOfImpact('UNDER_MAINTENANCE')).toEqual([]);
  });
});

describe('--component NAME[=IMPACT]', () => {
  it('splits at the last =, takes commas as --service does, and leaves the impact out when none is given', () => {
    expect(collectComponents('Checkout API=partial')).toEqual([{ component: 'Checkout API', impact: 'PARTIAL_OUTAGE' }]);
    expect(collectComponents('a=b=MAJOR_OUTAGE')).toEqual([{ component: 'a=b', impact: 'MAJOR_OUTAGE' }]);
    expect(collectComponents('Search, Login=degraded', [{ component: 'API' }])).toEqual([
      { component: 'API' },
      { component: 'Search' },
      { component: 'Login', impact: 'DEGRADED_PERFORMANCE' },
    ]);
  });

  it('an unknown impact names the word, what is expected and the closest word; operational only for an edit', () => {
    expect(() => collectComponents('API=parital')).toThrow(
      /"parital" is not an impact: expected degraded, partial, major, maintenance .*\(did you mean partial\?\)/,
    );
    expect(() => collectComponents('API=operational')).toThrow(/"operational" is not an impact/);
    expect(() => collectComponents('=major')).toThrow(/expected NAME or NAME=IMPACT/);
    expect(collectComponentChanges('API=operational')).toEqual([{ component: 'API', impact: 'OPERATIONAL' }]);
    expect(() => collectComponentChanges('API')).toThrow(/"API": expected NAME=IMPACT/);
  });
});

describe('--set COMPONENT=IMPACT@FROM..TO', () => {
  it('reads the component, the impact and both times; TO left out is an open window', () => {
    expect(impactWindow('Checkout API=major@2026-12-01T10:00:00Z..2026-12-01T11:00:00Z')).toEqual({
      component: 'Checkout API',
      impact: 'MAJOR_OUTAGE',
      from: '2026-12-01T10:00:00Z',
      to: '2026-12-01T11:00:00Z',
    });
    expect(impactWindow('API=degraded@2h..')).toEqual({ component: 'API', impact: 'DEGRADED_PERFORMANCE', from: '2h' });
  });

  it('a window without an impact, without times or operational is refused with the form expected', () => {
    expect(() => impactWindow('API@2h..')).toThrow(/expected COMPONENT=IMPACT@FROM\.\.TO/);
    expect(() => impactWindow('API=major')).toThrow(/expected COMPONENT=IMPACT@FROM\.\.TO/);
    expect(() => impactWindow('API=major@..1h')).toThrow(/expected COMPONENT=IMPACT@FROM\.\.TO/);
    expect(() => impactWindow('API=operational@2h..')).toThrow(/"operational" is not an impact/);
  });
});
