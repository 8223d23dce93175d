import { describe, expect, it } from 'vitest';
import { emptyCreateKeyForm, expiryFromDate, toCreateRequest } from '../../../renderer/src/features/api-keys/create-form';
import { compareKeys, effectiveStatus } from '../../../renderer/src/features/api-keys/key-status';
import { granularitiesFor, usageSeries } from '../../../renderer/src/features/api-keys/usage-series';
import type { ApiKey } from '../../../shared/api/api-keys';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('effectiveStatus', () => {
  it('computes expired from expiresAt; revoked wins', () => {
    expect(effectiveStatus({ status: 'active', expiresAt: null }, NOW)).toBe('active');
    expect(effectiveStatus({ status: 'active', expiresAt: '2026-03-01T11:59:59Z' }, NOW)).toBe('expired');
    expect(effectiveStatus({ status: 'active', expiresAt: '2026-03-02T00:00:00Z' }, NOW)).toBe('active');
    expect(effectiveStatus({ status: 'revoked', expiresAt: '2020-01-01T00:00:00Z' }, NOW)).toBe('revoked');
  });

  it('sorts usable keys first', () => {
    const k = (name: string, status: ApiKey['status'], expiresAt: string | null) => ({ name, status, expiresAt }) as ApiKey;
    const sorted = [k('a', 'revoked', null), k('b', 'active', '2020-01-01T00:00:00Z'), k('c', 'active', null)].sort((x, y) =>
      compareKeys(x, y, NOW),
    );
    expect(sorted.map((x) => x.name)).toEqual(['c', 'b', 'a']);
  });
});

describe('toCreateRequest', () => {
  it('builds a request the shared schema accepts, omitting empty optional fields', () => {
    const r = toCreateRequest(
      { ...emptyCreateKeyForm(), name: '  CI deploy  ', permissions: ['read', 'write'], scopes: ['accounts', 'clusters'] },
      NOW,
    );
    expect(r).toEqual({ ok: true, request: { name: 'CI deploy', permissions: ['read', 'write'], scopes: ['accounts', 'clusters'] } });
  });

  it('reports each invalid field with the schema’s message', () => {
    const r = toCreateRequest({ ...emptyCreateKeyForm(), name: '', permissions: [], scopes: [] }, NOW);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.name).toBe('Name is required');
    expect(r.errors.permissions).toBe('Choose at least one permission');
    expect(r.errors.scopes).toBe('Choose at least one scope');
    const long = toCreateRequest({ ...emptyCreateKeyForm(), name: 'x'.repeat(101) }, NOW);
    expect(long.ok ? null : long.errors.name).toBe('Name is at most 100 characters');
  });

  it('validates per-class rate limits as whole numbers', () => {
    const r = toCreateRequest({ ...emptyCreateKeyForm(), name: 'k', rateLimit: { reads: '100', writes: '-1', executions: 'abc' } }, NOW);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors['rateLimit.reads']).toBeUndefined();
    expect(r.errors['rateLimit.writes']).toMatch(/whole number/);
    expect(r.errors['rateLimit.executions']).toMatch(/whole number/);
    const ok = toCreateRequest({ ...emptyCreateKeyForm(), name: 'k', rateLimit: { reads: '100', writes: '', executions: '0' } }, NOW);
    expect(ok.ok && ok.request.rateLimit).toEqual({ reads: 100, executions: 0 });
  });

  it('turns an expiry date into the end of that day and refuses past dates', () => {
    const iso = expiryFromDate('2026-04-10')!;
    const d = new Date(iso);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 3, 10, 23, 59]);
    expect(expiryFromDate('not a date')).toBeNull();
    const past = toCreateRequest({ ...emptyCreateKeyForm(), name: 'k', expiresOn: '2026-02-01' }, NOW);
    expect(past.ok ? null : past.errors.expiresAt).toBe('The expiry must be in the future');
    const future = toCreateRequest({ ...emptyCreateKeyForm(), name: 'k', expiresOn: '2026-04-10' }, NOW);
    expect(future.ok && future.request.expiresAt).toBe(iso);
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
