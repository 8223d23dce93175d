// A stored key as the API shows it: timestamps as ISO strings, no hash, no owner flag.
import type { ApiKey } from '../../../../../shared/api/accounts/api-keys';
import type { StoredKey } from '../stored-schema';

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

interface KeyJson {
  key: StoredKey;
  /** The key's JSON without its two usage fields and closing brace. */
  head: string;
  lastUsed: number | null;
  usageCount: number;
  /** The usage fields and the closing brace: ASCII only (an ISO date and a number), so its length is its byte count. */
  tail: string;
}

let isoSecond = NaN;
let isoHead = '';

/**
 * `ms` as a quoted ISO string. The caller's lastUsed moves on every request: the date is
 * formatted once per second and the milliseconds appended (toISOString always ends ".mmmZ").
 */
function quotedIso(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoHead = `"${iso(second * 1000).slice(0, -4)}`;
  }
  const frac = ms - second * 1000;
  return `${isoHead}${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}Z"`;
}

function keyJson(k: StoredKey): KeyJson {
  const { lastUsed: _l, usageCount: _u, ...rest } = toApiKey(k);
  const head = JSON.stringify(rest).slice(0, -1);
  return { key: k, head, lastUsed: null, usageCount: -1, tail: '' };
}

/** Re-encodes the usage fields if they moved; true if they did. */
function refreshTail(c: KeyJson): boolean {
  const k = c.key;
  if (c.lastUsed === k.lastUsed && c.usageCount === k.usageCount) return false;
  c.lastUsed = k.lastUsed;
  c.usageCount = k.usageCount;
  c.tail = `,"lastUsed":${k.lastUsed === null ? 'null' : quotedIso(k.lastUsed)},"usageCount":${k.usageCount}}`;
  return true;
}

const OPEN = '{"apiKeys":[';

/**
 * Bodies are carved from a shared slab, as Node's Buffer pool does for buffers under 4 KiB: a
 * new ArrayBuffer per answer (a list of a few keys is already past 4 KiB) cost more than the
 * copy. A body is never written again once taken, and the slab is freed with its last body.
 */
const SLAB_BYTES = 256 * 1024;
let slab = Buffer.allocUnsafe(0);
let slabUsed = 0;

function takeBytes(n: number): Buffer {
  if (n > SLAB_BYTES / 8) return Buffer.allocUnsafe(n);
  if (slabUsed + n > slab.length) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + n);
  slabUsed += n;
  return out;
}

/**
 * The body of the key list (`{"apiKeys":[…],"total":n}`) as bytes, cheap on the hot path (the
 * benchmark in docs/decisions.md). Each key's JSON is encoded once per change of the keys
 * (`version` moves on any key change) without its usage fields, which move on every request
 * of that key and are re-encoded alone. Between key changes the body is kept as the bytes
 * before one key's usage fields and the bytes after them, around the key whose usage moved
 * last (the caller's, as a rule): a request then costs a pass comparing each key's two usage
 * fields and one copy (takeBytes). Bytes, not a string: a joined string is flattened and
 * UTF-8 encoded again by the socket on every write, which the profile of the HTTP bench showed
 * as a tenth of the request's time (issue 23).
 */
export class KeyListJson {
  private version = -1;
  private keys: KeyJson[] = [];
  /** Index of the key whose usage fields sit between `before` and `after`; -1 when not built. */
  private hot = -1;
  private before: Buffer = Buffer.alloc(0);
  private after: Buffer = Buffer.alloc(0);

  /** `keys` in store order; `version` as Store.version. */
  render(keys: ReadonlyMap<string, StoredKey>, version: number): Buffer {
    if (version !== this.version) {
      this.version = version;
      this.keys = [];
      for (const k of keys.values()) this.keys.push(keyJson(k));
      this.hot = -1;
    }
    const list = this.keys;
    if (list.length === 0) return Buffer.from(`${OPEN}],"total":0}`);
    let moved = -1;
    let several = false;
    for (let i = 0; i < list.length; i++) {
      if (refreshTail(list[i]!)) {
        if (moved >= 0) several = true;
        moved = i;
      }
    }
    // Another key's usage moved (or several did): rebuild the bytes around the last one.
    if (this.hot < 0 || several || (moved >= 0 && moved !== this.hot)) this.split(moved >= 0 ? moved : 0);
    const tail = list[this.hot]!.tail;
    const before = this.before;
    const after = this.after;
    const body = takeBytes(before.length + tail.length + after.length);
    // TypedArray.set and a char loop: Buffer's copy and write validate their arguments, which
    // showed in the profile at this size.
    body.set(before, 0);
    const at = before.length;
    for (let i = 0; i < tail.length; i++) body[at + i] = tail.charCodeAt(i); // ASCII: see KeyJson.tail
    body.set(after, at + tail.length);
    return body;
  }

  private split(hot: number): void {
    const list = this.keys;
    let before = OPEN;
    for (let i = 0; i <= hot; i++) {
      const c = list[i]!;
      if (i > 0) before += ',';
      before += i < hot ? c.head + c.tail : c.head;
    }
    let after = '';
    for (let i = hot + 1; i < list.length; i++) {
      const c = list[i]!;
      after += ',' + c.head + c.tail;
    }
    after += `],"total":${list.length}}`;
    this.hot = hot;
    this.before = Buffer.from(before);
    this.after = Buffer.from(after);
  }
}
