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
  /** UTF-8 length of `head` (a name may hold any character). */
  headBytes: number;
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
  return { key: k, head, headBytes: Buffer.byteLength(head), lastUsed: null, usageCount: -1, tail: '' };
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
 * The body of the key list (`{"apiKeys":[…],"total":n}`) and its UTF-8 length, cheap on the
 * hot path (the benchmark in docs/decisions.md). Each key's JSON is encoded once per change
 * of the keys (`version` moves on any key change) without its usage fields, which move on
 * every request of that key and are re-encoded alone. Between key changes the body is kept
 * as the text before one key's usage fields and the text after them, around the key whose
 * usage moved last (the caller's, as a rule): a request then costs a pass comparing each
 * key's two usage fields and three string joins. The body is a string, not bytes: Node
 * writes it to the socket with the response head in one go, with no Buffer to assemble.
 */
export class KeyListJson {
  private version = -1;
  private keys: KeyJson[] = [];
  /** Index of the key whose usage fields sit between `before` and `after`; -1 when not built. */
  private hot = -1;
  private before = '';
  private beforeBytes = 0;
  private after = '';
  private afterBytes = 0;

  /** `keys` in store order; `version` as Store.version. */
  render(keys: ReadonlyMap<string, StoredKey>, version: number): { body: string; bytes: number } {
    if (version !== this.version) {
      this.version = version;
      this.keys = [];
      for (const k of keys.values()) this.keys.push(keyJson(k));
      this.hot = -1;
    }
    const list = this.keys;
    if (list.length === 0) return { body: `${OPEN}],"total":0}`, bytes: OPEN.length + 12 };
    let moved = -1;
    let several = false;
    for (let i = 0; i < list.length; i++) {
      if (refreshTail(list[i]!)) {
        if (moved >= 0) several = true;
        moved = i;
      }
    }
    // Another key's usage moved (or several did): rebuild the text around the last one.
    if (this.hot < 0 || several || (moved >= 0 && moved !== this.hot)) this.split(moved >= 0 ? moved : 0);
    const tail = list[this.hot]!.tail;
    return { body: this.before + tail + this.after, bytes: this.beforeBytes + tail.length + this.afterBytes };
  }

  private split(hot: number): void {
    const list = this.keys;
    let before = OPEN;
    let beforeBytes = OPEN.length;
    for (let i = 0; i <= hot; i++) {
      const c = list[i]!;
      if (i > 0) before += ',';
      before += i < hot ? c.head + c.tail : c.head;
      beforeBytes += (i > 0 ? 1 : 0) + c.headBytes + (i < hot ? c.tail.length : 0);
    }
    let after = '';
    for (let i = hot + 1; i < list.length; i++) {
      const c = list[i]!;
      after += ',' + c.head + c.tail;
    }
    after += `],"total":${list.length}}`;
    let afterBytes = after.length;
    for (let i = hot + 1; i < list.length; i++) afterBytes += list[i]!.headBytes - list[i]!.head.length;
    this.hot = hot;
    this.before = before;
    this.beforeBytes = beforeBytes;
    this.after = after;
    this.afterBytes = afterBytes;
  }
}
