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

interface Cached {
  version: number;
  /** The key's JSON without its two usage fields and closing brace, as bytes. */
  head: Buffer;
  lastUsed: number | null;
  usageCount: number;
  tail: Buffer;
}
const cache = new WeakMap<StoredKey, Cached>();
let isoMs = -1;
let isoText = '';

/**
 * The key's JSON as two byte slices, cheap on the hot path: the static part is encoded once
 * per key change (`version` moves on any key change); the usage fields, which move on every
 * request of that key, are re-encoded alone (small buffers come from Node's pool).
 */
export function apiKeyBytes(k: StoredKey, version: number): [Buffer, Buffer] {
  let c = cache.get(k);
  if (c === undefined || c.version !== version) {
    const { lastUsed: _l, usageCount: _u, ...rest } = toApiKey(k);
    const full = JSON.stringify(rest);
    c = { version, head: Buffer.from(full.slice(0, -1)), lastUsed: null, usageCount: -1, tail: Buffer.alloc(0) };
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
    c.tail = Buffer.from(`,"lastUsed":${last},"usageCount":${k.usageCount}}`);
  }
  return [c.head, c.tail];
}
