// Secret values at rest: AES-256-GCM with a data key that never enters the snapshot
// (docs/decisions.md, Clusters: secret values). Sealed text: `v1.<iv>.<tag>.<ciphertext>`
// (base64url); the additional data binds a value to its cluster and secret name.
import * as crypto from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECRETS_KEY_FILE = 'secrets.key';
const KEY_BYTES = 32;

export class SecretCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretCipherError';
  }
}

export class SecretCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new RangeError(`the secrets key must be ${KEY_BYTES} bytes`);
    this.key = Buffer.from(key);
  }

  /** A fresh random IV per value: for everything written through the API. */
  seal(aad: string, plaintext: string): string {
    return this.sealWith(crypto.randomBytes(12), aad, plaintext);
  }

  /**
   * Seeded values get a synthetic IV (HMAC of aad and value), so the same seed and key give
   * the same state; an IV repeats only for the very same value of the very same secret.
   */
  sealSeeded(aad: string, plaintext: string): string {
    const iv = crypto.createHmac('sha256', this.key).update(`${aad}\u0000${plaintext}`).digest().subarray(0, 12);
    return this.sealWith(iv, aad, plaintext);
  }

  open(aad: string, sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new SecretCipherError('not a sealed secret value');
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretCipherError('the value was sealed with another secrets key');
    }
  }

  private sealWith(iv: Buffer, aad: string, plaintext: string): string {
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
  }
}

/**
 * The data key: the given one (the app keeps it in the keychain); else, with a data folder,
 * `<data>/secrets.key` (hex, mode 0600, created on first use) so values survive a restart;
 * else a random key for this process only.
 */
export function resolveSecretsKey(given: Buffer | undefined, dataDir: string | undefined): Buffer {
  if (given) return given;
  if (!dataDir) return crypto.randomBytes(KEY_BYTES);
  const file = join(dataDir, SECRETS_KEY_FILE);
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length !== KEY_BYTES) throw new SecretCipherError(`${file} does not hold a ${KEY_BYTES}-byte hex key`);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const key = crypto.randomBytes(KEY_BYTES);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
