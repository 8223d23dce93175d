import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSecretsKey, SecretCipher, SecretCipherError } from '../../../../main/emulator/core/secret-cipher';

const key = Buffer.alloc(32, 1);

describe('secret cipher', () => {
  it('seals with AES-256-GCM and opens only with the same key and additional data', () => {
    const c = new SecretCipher(key);
    const sealed = c.seal('cluster_a/TOKEN', 'hunter2');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('hunter2');
    expect(c.open('cluster_a/TOKEN', sealed)).toBe('hunter2');
    expect(c.seal('cluster_a/TOKEN', 'hunter2')).not.toBe(sealed); // random IV
    expect(() => c.open('cluster_b/TOKEN', sealed)).toThrow(SecretCipherError);
    expect(() => new SecretCipher(Buffer.alloc(32, 2)).open('cluster_a/TOKEN', sealed)).toThrow(SecretCipherError);
    expect(() => c.open('x', 'garbage')).toThrow(SecretCipherError);
    expect(() => new SecretCipher(Buffer.alloc(16))).toThrow(RangeError);
  });

  it('gives seeded values a synthetic IV: same value, same text; another value, another IV', () => {
    const c = new SecretCipher(key);
    const a = c.sealSeeded('cluster_a/X', 'one');
    expect(c.sealSeeded('cluster_a/X', 'one')).toBe(a);
    expect(c.sealSeeded('cluster_a/X', 'two').split('.')[1]).not.toBe(a.split('.')[1]);
    expect(c.open('cluster_a/X', a)).toBe('one');
  });

  it('keeps the key in <data>/secrets.key with mode 0600, reused on the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-key-'));
    try {
      const first = resolveSecretsKey(undefined, dir);
      expect(first).toHaveLength(32);
      expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'secrets.key'), 'utf8').trim()).toBe(first.toString('hex'));
      expect(resolveSecretsKey(undefined, dir).equals(first)).toBe(true);
      expect(resolveSecretsKey(key, dir).equals(key)).toBe(true);
      expect(resolveSecretsKey(undefined, undefined)).toHaveLength(32);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
