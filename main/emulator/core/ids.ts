// Key values, ids and hashes. A key value is `gpu_<env>_<8 id chars>_<32 secret chars>`;
// its prefix (up to the last underscore) names the key without revealing it.
import * as crypto from 'node:crypto';
import { BASE62 } from './rng';

export type KeyEnv = 'live' | 'test' | 'prod' | 'dev';
/** @internal Exported for its tests only. */
export const KEY_VALUE_RE = /^gpu_(live|test|prod|dev)_([0-9A-Za-z]{8})_([0-9A-Za-z]{32})$/;
/** Any other owner key the app may bring: printable, no spaces. */
export const OWNER_KEY_RE = /^[\x21-\x7e]{16,256}$/;

/** Cryptographically random base62 (rejection sampling keeps it uniform). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function makeKeyValue(env: KeyEnv, base62: (n: number) => string = randomBase62): string {
  return `gpu_${env}_${base62(8)}_${base62(32)}`;
}

/** A fresh random key value, e.g. for the app's owner key. */
export function generateKeyValue(env: KeyEnv = 'live'): string {
  return makeKeyValue(env);
}

export function keyPrefix(value: string): string {
  return KEY_VALUE_RE.test(value) ? value.slice(0, value.lastIndexOf('_') + 1) : 'owner_';
}

export function keyIdOf(value: string): string {
  const m = KEY_VALUE_RE.exec(value);
  return m ? `key_${m[2]}` : 'key_owner';
}

// One-shot crypto.hash (Node >= 20.12) is several times cheaper than a Hash object; it runs on every request.
const oneShot = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;

export function hashKey(value: string): string {
  return oneShot ? oneShot('sha256', value) : crypto.createHash('sha256').update(value).digest('hex');
}

export function randomId(prefix: string, length = 12): string {
  return `${prefix}${randomBase62(length)}`;
}

/**
 * `randomId` from a pool of random bytes refilled 4 KB at a time, for ids made at a high rate
 * (events, deliveries: a system call per id shows at 1,000 events a second).
 */
const idPool = Buffer.alloc(4096);
let idPoolAt = idPool.length;

export function pooledId(prefix: string, length: number): string {
  let out = prefix;
  while (out.length < prefix.length + length) {
    if (idPoolAt >= idPool.length) {
      crypto.randomFillSync(idPool);
      idPoolAt = 0;
    }
    const byte = idPool[idPoolAt++]!;
    // 248 = 4 × 62: bytes above are dropped so every character is equally likely.
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

/** Anything shaped like a key value, in any letter case (a path's case does not stop a key leaking). */
const KEY_LIKE = /gpu_(live|test|prod|dev)_([0-9a-z]{8})_[0-9a-z]+/gi;
/** Percent-encodings are undone this many times over (a twice-encoded key is still a key). */
const DECODE_ROUNDS = 3;

/** `%XX` sequences undone, tolerating malformed ones (decodeURIComponent would throw). */
function decodeLoosely(text: string): string {
  let out = text;
  for (let i = 0; i < DECODE_ROUNDS && out.includes('%'); i++) {
    const next = out.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === out) break;
    out = next;
  }
  return out;
}

/**
 * Replaces anything shaped like a key value, so a journal, a log line or an error detail never
 * holds one: after undoing percent-encoding and whatever the letter case. Text holding no key
 * comes back as it was (not decoded).
 */
export function redactKeys(text: string): string {
  const decoded = text.includes('%') ? decodeLoosely(text) : text;
  KEY_LIKE.lastIndex = 0;
  if (!KEY_LIKE.test(decoded)) return text;
  return decoded.replace(KEY_LIKE, (_, env: string, prefix: string) => `gpu_${env}_${prefix}_…`);
}
