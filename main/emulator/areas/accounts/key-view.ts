// A stored key as the API shows it: timestamps as ISO strings, no hash, no owner flag.
import type { ApiKey } from '../../../../shared/api/api-keys';
import type { StoredKey } from '../../../../shared/api/emulator-admin';

const iso = (ms: number) => new Date(ms).toISOString();

export function toApiKey(k: StoredKey): ApiKey {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    permissions: k.permissions,
    scopes: k.scopes,
    lastUsed: k.lastUsed === null ? null : iso(k.lastUsed),
    createdAt: iso(k.createdAt),
    expiresAt: k.expiresAt === null ? null : iso(k.expiresAt),
    status: k.status,
    usageCount: k.usageCount,
    rateLimit: k.rateLimit,
    revokedAt: k.revokedAt === null ? null : iso(k.revokedAt),
  };
}

export interface ApiKeyJson {
  version: number;
  /** The key's JSON without its two usage fields and closing brace. */
  head: string;
  /** UTF-8 length of `head` (a name may hold any character). */
  headBytes: number;
  lastUsed: number | null;
  usageCount: number;
  /** The usage fields and the closing brace: ASCII only (a number and an ISO date), so its length is its byte count. */
  tail: string;
}
const cache = new WeakMap<StoredKey, ApiKeyJson>();
let isoMs = -1;
let isoText = '';

/**
 * The key's JSON in two parts, cheap on the hot path: the static part is encoded once per
 * key change (`version` moves on any key change); the usage fields, which move on every
 * request of that key, are re-encoded alone. Strings rather than bytes: the list is sent
 * as one string, which Node writes to the socket together with the head of the response
 * in one write (a Buffer body costs a concat and a second, gathered write).
 */
export function apiKeyJson(k: StoredKey, version: number): ApiKeyJson {
  let c = cache.get(k);
  if (c === undefined || c.version !== version) {
    const { lastUsed: _l, usageCount: _u, ...rest } = toApiKey(k);
    const head = JSON.stringify(rest).slice(0, -1);
    c = { version, head, headBytes: Buffer.byteLength(head), lastUsed: null, usageCount: -1, tail: '' };
    cache.set(k, c);
  }
  if (c.lastUsed !== k.lastUsed || c.usageCount !== k.usageCount) {
    c.lastUsed = k.lastUsed;
    c.usageCount = k.usageCount;
    let last = 'null';
    if (k.lastUsed !== null) {
      if (k.lastUsed !== isoMs) {
        isoMs = k.lastUsed;
        isoText = `"${iso(k.lastUsed)}"`;
      }
      last = isoText;
    }
    c.tail = `,"lastUsed":${last},"usageCount":${k.usageCount}}`;
  }
  return c;
}
