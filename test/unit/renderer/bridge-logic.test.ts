import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../renderer/src/bridge/backoff';
import { BridgeCallError, isCancelled, toNormalizedError } from '../../../renderer/src/bridge/errors';
import { handoffUrl, hashWithoutToken, tokenFromHash, tokenFromPaste } from '../../../renderer/src/bridge/token';
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

  it('reads the token a console hands a window it opens, after its route', () => {
    expect(tokenFromHash('#/logs?src=cluster%3Acl_1&token=t0k-t0k-t0k-t0k-t0k')).toBe('t0k-t0k-t0k-t0k-t0k');
    expect(tokenFromHash('#/logs?token=t0k-t0k-t0k-t0k-t0k')).toBe('t0k-t0k-t0k-t0k-t0k');
    expect(tokenFromHash('#/logs?src=token%3Dt0k-t0k-t0k-t0k-t0k')).toBeNull();
  });
});

describe('handing the session to a new tab', () => {
  function storage(token: string | null): Storage {
    return { getItem: () => token } as unknown as Storage;
  }
  const loc = { origin: 'http://127.0.0.1:4790', pathname: '/' };

  it('puts the token after the route in the fragment, and the new tab keeps the route without it', () => {
    const token = 't0k-t0k-t0k-t0k-t0k';
    const url = handoffUrl('/logs?src=cluster%3Acl_1', loc, storage(token))!;
    expect(url).toBe(`http://127.0.0.1:4790/#/logs?src=cluster%3Acl_1&token=${token}`);
    const hash = new URL(url).hash;
    expect(tokenFromHash(hash)).toBe(token);
    expect(hashWithoutToken(hash)).toBe('#/logs?src=cluster%3Acl_1');
    expect(hashWithoutToken(`#/logs?token=${token}`)).toBe('#/logs');
    expect(hashWithoutToken(`#token=${token}`)).toBe('#/');
    expect(handoffUrl('/logs', loc, storage(null))).toBeNull();
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
