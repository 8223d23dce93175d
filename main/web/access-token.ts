// The web-mode access token: 32 random bytes, base64url. It reaches the browser in the URL
// fragment (never sent to the server), then travels in a SameSite=Strict cookie.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_COOKIE = 'gpc_token';
/** What a token may look like: safe in a fragment, a query and a cookie without encoding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,256}$/;

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison (of digests, so lengths do not leak either). */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Tokens a request offers: the `gpc_token` cookie and the `token` query parameter. */
export function tokensOfRequest(url: string | undefined, cookieHeader: string | undefined): string[] {
  const found: string[] = [];
  if (cookieHeader) {
    for (const part of cookieHeader.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === TOKEN_COOKIE) {
        const value = part.slice(eq + 1).trim();
        if (value) found.push(value);
      }
    }
  }
  const q = url?.indexOf('?') ?? -1;
  if (url && q >= 0) {
    const value = new URLSearchParams(url.slice(q + 1)).get('token');
    if (value) found.push(value);
  }
  return found;
}

/** True when any offered token is the right one. */
export function requestHasToken(url: string | undefined, cookieHeader: string | undefined, expected: string): boolean {
  // Every candidate is compared (no early exit), so timing does not tell which one matched.
  let ok = false;
  for (const given of tokensOfRequest(url, cookieHeader)) ok = tokensEqual(given, expected) || ok;
  return ok;
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; Path=/; SameSite=Strict`;
}
