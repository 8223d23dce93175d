// The web-mode access token: 32 random bytes, base64url. It reaches the browser in the URL
// fragment (never sent to the server) and lives in the page's Web Storage (the tab's, and the
// origin's once accepted: renderer/src/bridge/token.ts), which is kept per origin — port
// included — unlike cookies. It is presented only in the first message of
// the bridge WebSocket (bridge-socket.ts), so nothing the browser sends by itself (a cookie,
// a header) can open the bridge: another local server visited by the same browser learns nothing.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a token may look like: safe in a fragment and in JSON without encoding. */
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
