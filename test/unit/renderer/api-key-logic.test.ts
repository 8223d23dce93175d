import { describe, expect, it } from 'vitest';
import { effectiveStatus } from '../../../renderer/src/features/accounts/api-keys/key-status';
import { granularitiesFor, usageSeries } from '../../../renderer/src/features/accounts/api-keys/usage-series';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('effectiveStatus', () => {
  it('computes expired from expiresAt; revoked wins', () => {
    expect(effectiveStatus({ status: 'active', expiresAt: null }, NOW)).toBe('active');
    expect(effectiveStatus({ status: 'active', expiresAt: '2026-03-01T11:59:59Z' }, NOW)).toBe('expired');
    expect(effectiveStatus({ status: 'active', expiresAt: '2026-03-02T00:00:00Z' }, NOW)).toBe('active');
    expect(effectiveStatus({ status: 'revoked', expiresAt: '2020-01-01T00:00:00Z' }, NOW)).toBe('revoked');
  });
});

describe('usageSeries', () => {
  it('turns the timeline into sorted {x, y} points per class', () => {
    const s = usageSeries([
      { date: '2026-03-02T00:00:00Z', reads: 5, writes: 1, executions: 0 },
      { date: '2026-03-01T00:00:00Z', reads: 3, writes: 0, executions: 2 },
    ]);
    expect(s.reads).toEqual([
      { x: Date.parse('2026-03-01T00:00:00Z'), y: 3 },
      { x: Date.parse('2026-03-02T00:00:00Z'), y: 5 },
    ]);
    expect(s.executions.map((p) => p.y)).toEqual([2, 0]);
  });

  it('offers only granularities that fit the period', () => {
    expect(granularitiesFor('1d')).toEqual(['hour', 'day']);
    expect(granularitiesFor('90d')).toEqual(['hour', 'day', 'week']);
  });
});
