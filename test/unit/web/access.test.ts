import { describe, expect, it } from 'vitest';
import { generateToken, tokensEqual, TOKEN_PATTERN } from '../../../main/web/access-token';
import { createOriginCheck } from '../../../main/web/origin-check';
import { appCsp } from '../../../main/web/security-headers';

describe('access token', () => {
  it('is 32 random bytes in base64url', () => {
    const token = generateToken();
    expect(token).toMatch(TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(token);
  });

  it('compares tokens, of any length, by value', () => {
    expect(tokensEqual('abcdefghijklmnop', 'abcdefghijklmnop')).toBe(true);
    expect(tokensEqual('abcdefghijklmnop', 'abcdefghijklmnoq')).toBe(false);
    expect(tokensEqual('short', 'abcdefghijklmnop')).toBe(false);
  });
});

describe('origin check', () => {
  const check = createOriginCheck('127.0.0.1', () => 4280);

  it('allows loopback names and IP literals on our port only', () => {
    expect(check.hostAllowed('127.0.0.1:4280')).toBe(true);
    expect(check.hostAllowed('localhost:4280')).toBe(true);
    expect(check.hostAllowed('[::1]:4280')).toBe(true);
    expect(check.hostAllowed('127.0.0.1:4281')).toBe(false);
    expect(check.hostAllowed('attacker.example:4280')).toBe(false);
    expect(check.hostAllowed(undefined)).toBe(false);
  });

  it('allows exactly our own origin', () => {
    expect(check.originAllowed('http://127.0.0.1:4280', '127.0.0.1:4280')).toBe(true);
    expect(check.originAllowed('http://localhost:4280', '127.0.0.1:4280')).toBe(false);
    expect(check.originAllowed('https://evil.example', '127.0.0.1:4280')).toBe(false);
    expect(check.originAllowed('null', '127.0.0.1:4280')).toBe(false);
    expect(check.originAllowed(undefined, '127.0.0.1:4280')).toBe(false);
  });

  it('allows the bound host name when one was given', () => {
    const named = createOriginCheck('console.lan', () => 8080);
    expect(named.hostAllowed('console.lan:8080')).toBe(true);
    expect(named.hostAllowed('other.lan:8080')).toBe(false);
  });
});

describe('app CSP', () => {
  it('allows the bridge socket on our origins and nothing inline for scripts', () => {
    const csp = appCsp(['http://127.0.0.1:4280', 'http://localhost:4280']);
    expect(csp).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:4280 ws://localhost:4280; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });
});
