import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../renderer/src/bridge/backoff';
import { BridgeCallError, isCancelled, toNormalizedError } from '../../../renderer/src/bridge/errors';
import {
  hashWithoutToken,
  storeToken,
  tokenAccepted,
  tokenFromHash,
  tokenFromPaste,
  tokenRefused,
  type TokenStores,
} from '../../../renderer/src/bridge/token';
import { bridgeUrl } from '../../../renderer/src/bridge/websocket-bridge';
import { parseHash } from '../../../renderer/src/platform/navigation/hash-router';
import { detailLines } from '../../../renderer/src/components/error-details';

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
  it('reads the token the server prints, and only a well-formed one', () => {
    expect(tokenFromHash('#token=abc_DEF-123456789')).toBe('abc_DEF-123456789');
    expect(tokenFromHash('#/api-keys')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#x=1&token=t0k-t0k-t0k-t0k-t0k')).toBe('t0k-t0k-t0k-t0k-t0k');
    expect(tokenFromHash('#token=short')).toBeNull();
    expect(tokenFromHash('#token=has%20space-and-more')).toBeNull();
  });

  it('reads a token that follows a route', () => {
    expect(tokenFromHash('#/logs?src=cluster%3Acl_1&token=t0k-t0k-t0k-t0k-t0k')).toBe('t0k-t0k-t0k-t0k-t0k');
    expect(tokenFromHash('#/logs?token=t0k-t0k-t0k-t0k-t0k')).toBe('t0k-t0k-t0k-t0k-t0k');
    expect(tokenFromHash('#/logs?src=token%3Dt0k-t0k-t0k-t0k-t0k')).toBeNull();
  });
});

describe('where a tab keeps the token', () => {
  const OLD = 'token-of-the-last-server-run';
  const NEW = 'token-of-this-server-run-0123';
  function stores(tab: string | null, origin: string | null): TokenStores & { read(): { tab: string | null; origin: string | null } } {
    const make = (initial: string | null) => {
      const map = new Map<string, string>(initial === null ? [] : [['gpc.token', initial]]);
      return {
        getItem: (k: string) => map.get(k) ?? null,
        setItem: (k: string, v: string) => void map.set(k, v),
        removeItem: (k: string) => void map.delete(k),
      };
    };
    const t = make(tab);
    const o = make(origin);
    return { tab: t, origin: o, read: () => ({ tab: t.getItem('gpc.token'), origin: o.getItem('gpc.token') }) };
  }

  it('shares only a token the server accepted with the other tabs of the console', () => {
    const s = stores(null, NEW);
    // A pasted (or printed) token stays in the tab until the server says yes…
    storeToken(OLD, s);
    expect(s.read()).toEqual({ tab: OLD, origin: NEW });
    // …and a refused one is forgotten, the console's accepted one offered instead.
    expect(tokenRefused(OLD, s)).toBe(NEW);
    expect(s.read()).toEqual({ tab: null, origin: NEW });
    tokenAccepted(NEW, s);
    expect(s.read()).toEqual({ tab: NEW, origin: NEW });
  });

  it('has nothing else to try when the console token is refused (a restarted server), and keeps it for new tabs to say so', () => {
    const s = stores(OLD, OLD);
    expect(tokenRefused(OLD, s)).toBeNull();
    expect(s.read()).toEqual({ tab: null, origin: OLD });
    // A token given later and accepted is the console's from then on.
    storeToken(NEW, s);
    tokenAccepted(NEW, s);
    expect(s.read()).toEqual({ tab: NEW, origin: NEW });
  });

  it('keeps the route of an address whose token it takes out', () => {
    const token = 't0k-t0k-t0k-t0k-t0k';
    expect(hashWithoutToken(`#/logs?src=cluster%3Acl_1&token=${token}`)).toBe('#/logs?src=cluster%3Acl_1');
    expect(hashWithoutToken(`#/logs?token=${token}`)).toBe('#/logs');
    expect(hashWithoutToken(`#token=${token}`)).toBe('#/');
  });
});

describe('tokenFromPaste (the sign-in screen)', () => {
  const here = { origin: 'http://127.0.0.1:4790', port: '4790', protocol: 'http:' };
  const token = 'AbCdEfGhIjKlMnOpQrStUv_-0123456789';

  it('takes the printed address, from either loopback name, or the token alone', () => {
    expect(tokenFromPaste(`  http://127.0.0.1:4790/#token=${token}\n`, here)).toEqual({ ok: true, token });
    expect(tokenFromPaste(`http://localhost:4790/#token=${token}`, here)).toEqual({ ok: true, token });
    expect(tokenFromPaste(token, here)).toEqual({ ok: true, token });
  });

  it('says why anything else is refused', () => {
    expect(tokenFromPaste('', here)).toMatchObject({ ok: false, message: expect.stringMatching(/^Paste the address/) });
    expect(tokenFromPaste('not a url', here)).toMatchObject({ ok: false, message: expect.stringMatching(/neither the printed address/) });
    expect(tokenFromPaste('http://127.0.0.1:4790/', here)).toMatchObject({ ok: false, message: expect.stringMatching(/has no token/) });
    expect(tokenFromPaste(`http://127.0.0.1:4791/#token=${token}`, here)).toEqual({
      ok: false,
      message:
        'This address is for the console at http://127.0.0.1:4791; open it there, or paste the one printed for http://127.0.0.1:4790.',
    });
  });
});

describe('bridgeUrl', () => {
  it('uses ws for http and wss for https, and never carries the token', () => {
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:4789' })).toBe('ws://127.0.0.1:4789/bridge');
    expect(bridgeUrl({ protocol: 'https:', host: 'console.example' })).toBe('wss://console.example/bridge');
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
      ['Invalid permissions', 'admin'],
      ['Valid permissions', 'read, write'],
    ]);
    expect(detailLines({ issues: [{ path: 'body.name', message: 'Too long' }] })).toEqual([['Name', 'Too long']]);
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
