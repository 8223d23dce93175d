// A model file's checksum computed as its bytes stream by (docs/decisions.md, Training: models —
// bytes and checksums): `sha256:<hex>` of the bytes, or `sha256-parts:<hex>-<parts>`, the
// SHA-256 of the SHA-256 digests of its 8 MiB parts. The scheme is the listed checksum's, so
// one pass over the bytes checks either; nothing but the hashes' state is kept.
import { createHash, type Hash } from 'node:crypto';

/**
 * The part size of `sha256-parts` (the emulator's and S3's multipart convention).
 * @internal Exported for its tests only.
 */
export const CHECKSUM_PART_BYTES = 8 * 1024 * 1024;

const CHECKSUM = /^(?:sha256:([0-9a-f]{64})|sha256-parts:([0-9a-f]{64})-([1-9]\d{0,9}))$/;

export type ChecksumScheme = 'sha256' | 'sha256-parts';

/** The scheme of a listed checksum, or null when it is neither form. */
export function checksumScheme(checksum: string): ChecksumScheme | null {
  const m = CHECKSUM.exec(checksum);
  if (!m) return null;
  return m[1] ? 'sha256' : 'sha256-parts';
}

export interface ChecksumHasher {
  update(bytes: Uint8Array): void;
  /** The checksum in the listed form; the hasher is done. */
  digest(): string;
}

export function createChecksumHasher(scheme: ChecksumScheme): ChecksumHasher {
  if (scheme === 'sha256') {
    const h = createHash('sha256');
    return { update: (b) => void h.update(b), digest: () => `sha256:${h.digest('hex')}` };
  }
  const outer = createHash('sha256');
  let part: Hash = createHash('sha256');
  let inPart = 0;
  let parts = 0;
  return {
    update(bytes) {
      let at = 0;
      while (at < bytes.byteLength) {
        const take = Math.min(bytes.byteLength - at, CHECKSUM_PART_BYTES - inPart);
        part.update(bytes.subarray(at, at + take));
        at += take;
        inPart += take;
        if (inPart === CHECKSUM_PART_BYTES) {
          outer.update(part.digest());
          parts++;
          part = createHash('sha256');
          inPart = 0;
        }
      }
    },
    digest() {
      if (inPart > 0 || parts === 0) {
        outer.update(part.digest());
        parts++;
      }
      return `sha256-parts:${outer.digest('hex')}-${parts}`;
    },
  };
}
