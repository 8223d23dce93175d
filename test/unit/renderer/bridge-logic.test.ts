import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../renderer/src/bridge/backoff';
import { BridgeCallError, isCancelled, toNormalizedError } from '../../../renderer/src/bridge/errors';
import { tokenFromHash } from '../../../renderer/src/bridge/token';
import { bridgeUrl } from '../../../renderer/src/bridge/websocket-bridge';
import { parseHash } from '../../../renderer/src/app/navigation/hash-router';
import { detailLines } from '../../../renderer/src/lib/error-details';

describe('backoffDelay', () => {
  it('grows exponentially up to the cap, with bounded jitter', () => {
    const mid = () => 0.5;
    expect(backoffDelay(0, () => 1)).toBe(250);
    expect(backoffDelay(3, () => 1)).toBe(2000);
    expect(backoffDelay(30, () => 1)).toBe(10_000);
    const low = backoffDelay(3, () => 0);
    expect(low).toBe(Math.round(2000 * 0.7));
    expect(backoffDelay(3, mid)).toBeGreaterThan(low);
  });
});

describe('tokenFromHash', () => {
  it('reads the token the server prints', () => {
    expect(tokenFromHash('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromHash('#/api-keys')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#x=1&token=t0k')).toBe('t0k');
  });
});

describe('bridgeUrl', () => {
  it('uses ws for http and wss for https, with the token as a query parameter', () => {
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:4789' }, 'a b')).toBe('ws://127.0.0.1:4789/bridge?token=a%20b');
    expect(bridgeUrl({ protocol: 'https:', host: 'console.example' }, 't')).toBe('wss://console.example/bridge?token=t');
    expect(bridgeUrl({ protocol: 'http:', host: 'h:1' }, '')).toBe('ws://h:1/bridge');
  });
});

describe('errors', () => {
  it('keeps a NormalizedError from either transport', () => {
    const normalized = {
      status: 400,
      code: 'INVALID_PERMISSIONS',
      message: 'bad',
      details: { invalidPermissions: ['admin'] },
      source: 'account' as const,
    };
    expect(toNormalizedError(new BridgeCallError(normalized))).toBe(normalized);
    expect(toNormalizedError(Object.assign(new Error('x'), { normalized }))).toEqual(normalized);
    expect(toNormalizedError(new Error('boom'))).toMatchObject({ code: 'BRIDGE_ERROR', message: 'boom', source: 'bridge' });
    expect(isCancelled(new BridgeCallError({ ...normalized, source: 'cancelled' }))).toBe(true);
  });

  it('lists details readably, issues as field lines', () => {
    expect(detailLines({ invalidPermissions: ['admin'], validPermissions: ['read', 'write'] })).toEqual([
      ['Invalid Permissions', 'admin'],
      ['Valid Permissions', 'read, write'],
    ]);
    expect(detailLines({ issues: [{ path: 'body.name', message: 'Too long' }] })).toEqual([['body.name', 'Too long']]);
  });
});

describe('parseHash', () => {
  it('normalises the route path', () => {
    expect(parseHash('#/api-keys').path).toBe('/api-keys');
    expect(parseHash('#api-keys/').path).toBe('/api-keys');
    expect(parseHash('').path).toBe('/');
    expect(parseHash('#/api-keys?x=1').query.get('x')).toBe('1');
  });
});
