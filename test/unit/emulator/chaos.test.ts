// Chaos route patterns are segment globs matched in linear passes: a pattern that would make
// a backtracking regex run for hours (the audit's `/********************Z`) answers at once.
import { describe, expect, it } from 'vitest';
import { Chaos, CHAOS_PATH_MAX, compileRoute, routeMatches } from '../../../main/emulator/core/chaos';

const matches = (pattern: string, path: string) => routeMatches(compileRoute(pattern), path);

describe('chaos route patterns', () => {
  it('match one segment with *, any number with **, and characters within a segment', () => {
    expect(matches('/v2/accounts/api-keys/*', '/v2/accounts/api-keys/key_abc')).toBe(true);
    expect(matches('/v2/accounts/api-keys/*', '/v2/accounts/api-keys/key_abc/rotate')).toBe(false);
    expect(matches('/v2/accounts/api-keys/*', '/v2/accounts/api-keys/')).toBe(false);
    expect(matches('/v2/**', '/v2/accounts/api-keys/key_abc/rotate')).toBe(true);
    expect(matches('/v2/**', '/v2')).toBe(true);
    expect(matches('/v2/**', '/v1/clusters')).toBe(false);
    expect(matches('/**/secrets', '/v1/clusters/c1/secrets')).toBe(true);
    expect(matches('/**/secrets', '/v1/clusters/c1/secrets/DB')).toBe(false);
    expect(matches('/v1/clusters/cluster_*/ports', '/v1/clusters/cluster_x1/ports')).toBe(true);
    expect(matches('/v1/clusters/cluster_*/ports', '/v1/clusters/other/ports')).toBe(false);
    expect(matches('/v2/auth/verify', '/v2/auth/verify')).toBe(true);
  });

  it('answer catastrophic patterns over long paths without backtracking', () => {
    const stars = `/${'*'.repeat(298)}Z`;
    const path = `/${'a'.repeat(CHAOS_PATH_MAX - 1)}`;
    expect(matches(stars, path)).toBe(false);
    expect(matches(stars, `${path.slice(0, -1)}Z`)).toBe(true);
    const deep = `/${'**/'.repeat(99)}Z`;
    expect(matches(deep, `/${'a/'.repeat(1000)}b`)).toBe(false);
    expect(matches(deep, `/${'a/'.repeat(1000)}Z`)).toBe(true);
    expect(matches('/**', `/${'a'.repeat(CHAOS_PATH_MAX)}`)).toBe(false);
  });

  it('picks the first rule that matches the method and path', () => {
    const chaos = new Chaos(1);
    chaos.set([
      { route: '/v2/**', method: 'POST', latencyMs: 0, errorRate: 1, status: 503, code: 'CHAOS_INJECTED' },
      { route: '/v2/*/api-keys', latencyMs: 5, errorRate: 0, status: 503, code: 'CHAOS_INJECTED' },
    ]);
    expect(chaos.match('GET', '/v2/accounts/api-keys')?.latencyMs).toBe(5);
    expect(chaos.match('POST', '/v2/accounts/api-keys')?.errorRate).toBe(1);
    expect(chaos.match('GET', '/v1/clusters')).toBeNull();
  });
});
