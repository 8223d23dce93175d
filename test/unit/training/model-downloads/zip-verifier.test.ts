// The pure parts of model downloads to a file (docs/decisions.md, Models view: download to a
// file): the two checksum schemes computed in one pass whatever the chunking, and the zip
// verifier that checks each entry of the download host's archive as its bytes go by.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { archiveName } from '../../../../main/training/model-downloads/model-downloads';
import { CHECKSUM_PART_BYTES, checksumScheme, createChecksumHasher } from '../../../../main/training/model-downloads/checksum';
import { createZipVerifier, VerificationError, type ListedFile } from '../../../../main/training/model-downloads/zip-verifier';
import { blockContent, bufferContent, chunksOf } from '../../../../main/emulator/areas/training/models/content';
import { zipArchive } from '../../../../main/emulator/areas/training/models/zip';

const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 17 + (i >> 8)) & 0xff));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest();

/** The listed checksum, computed here the plain way (not with the hasher under test). */
function listed(b: Buffer): string {
  if (b.length <= CHECKSUM_PART_BYTES) return `sha256:${sha(b).toString('hex')}`;
  const digests: Buffer[] = [];
  for (let at = 0; at < b.length; at += CHECKSUM_PART_BYTES) digests.push(sha(b.subarray(at, at + CHECKSUM_PART_BYTES)));
  return `sha256-parts:${sha(Buffer.concat(digests)).toString('hex')}-${digests.length}`;
}

/** Feeds `data` in chunks of the given sizes, cycling. */
function feed(update: (b: Uint8Array) => void, data: Uint8Array, sizes: readonly number[]) {
  let at = 0;
  for (let i = 0; at < data.length; i++) {
    const n = sizes[i % sizes.length]!;
    update(data.subarray(at, at + n));
    at += n;
  }
}

describe('checksums as bytes stream', () => {
  it('sha256 and sha256-parts match the plain computation whatever the chunk sizes', () => {
    const small = bytes(5000, 1);
    const big = bytes(2 * CHECKSUM_PART_BYTES + 12345, 2);
    const exact = bytes(CHECKSUM_PART_BYTES * 2, 3);
    for (const [b, scheme] of [
      [small, 'sha256'],
      [big, 'sha256-parts'],
      [exact, 'sha256-parts'],
    ] as const) {
      expect(checksumScheme(listed(b))).toBe(b.length <= CHECKSUM_PART_BYTES ? 'sha256' : 'sha256-parts');
      for (const sizes of [[b.length], [1_000_003], [4096, 7, 65536]]) {
        const h = createChecksumHasher(scheme);
        feed((c) => h.update(c), b, sizes);
        expect(h.digest()).toBe(listed(b));
      }
    }
    expect(listed(exact)).toMatch(/-2$/);
    expect(checksumScheme('md5:abc')).toBeNull();
  });
});

describe('zip verifier', () => {
  const a = bytes(300, 4);
  const b = bytes(CHECKSUM_PART_BYTES + 777, 5);
  const c = Buffer.from('{"model_type":"llama"}');
  const files: ListedFile[] = [
    { name: 'adapter_config.json', size: a.length, checksum: listed(a) },
    { name: 'model.safetensors', size: b.length, checksum: listed(b) },
    { name: 'config.json', size: c.length, checksum: listed(c) },
  ];
  const zipOf = (entries: Array<[string, Buffer]>) =>
    Buffer.concat([
      ...chunksOf(
        zipArchive(
          entries.map(([name, content]) => ({ name, content: bufferContent(content) })),
          Date.UTC(2026, 0, 1),
        ),
      ),
    ]);
  const archive = zipOf([
    ['adapter_config.json', a],
    ['model.safetensors', b],
    ['config.json', c],
  ]);

  it('verifies every listed file, headers split anywhere', () => {
    for (const sizes of [[archive.length], [1], [29, 31, 4096], [1024 * 1024]]) {
      if (sizes[0] === 1) {
        // One byte at a time through the headers and the small files (the large one in big steps).
        const v = createZipVerifier(files);
        let at = 0;
        while (at < archive.length) {
          const n = at < 400 || at > archive.length - 400 ? 1 : 65536;
          v.update(archive.subarray(at, at + n));
          at += n;
        }
        expect(v.finish().map((f) => f.name)).toEqual(['adapter_config.json', 'model.safetensors', 'config.json']);
        continue;
      }
      const v = createZipVerifier(files);
      feed((x) => v.update(x), archive, sizes);
      expect(v.finish()).toEqual(files);
    }
  });

  it('a changed byte fails at the end of its entry, naming the file', () => {
    const bad = Buffer.from(archive);
    bad[archive.indexOf(b.subarray(0, 64)) + 5_000_000]! ^= 1;
    const v = createZipVerifier(files);
    let error: unknown = null;
    try {
      feed((x) => v.update(x), bad, [65536]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(VerificationError);
    expect((error as VerificationError).file).toBe('model.safetensors');
    expect((error as Error).message).toMatch(/model\.safetensors does not match its checksum: listed sha256-parts:/);
  });

  it('refuses an unlisted entry, a wrong size, a missing file and a cut archive', () => {
    const extra = zipOf([
      ['adapter_config.json', a],
      ['other.bin', c],
    ]);
    expect(() => createZipVerifier(files).update(extra)).toThrow(/other\.bin, which the download did not list/);
    const short = zipOf([['config.json', c.subarray(1)]]);
    expect(() => createZipVerifier(files).update(short)).toThrow(/config\.json is 21 bytes in the archive, not the 22 listed/);
    const one = zipOf([['config.json', c]]);
    const v = createZipVerifier(files);
    v.update(one);
    expect(() => v.finish()).toThrow(/ended without adapter_config\.json, model\.safetensors/);
    const cut = createZipVerifier(files);
    cut.update(archive.subarray(0, 1000));
    expect(() => cut.finish()).toThrow(/ended inside model\.safetensors/);
    expect(() => createZipVerifier(files).update(Buffer.from('PK\x05\x07not a zip'))).toThrow(/not the zip archive/);
  });

  it('reads a ZIP64 entry size (a file over 4 GiB) from the header', () => {
    const size = 5 * 1024 ** 3;
    const big = zipArchive(
      [{ name: 'model.safetensors', content: blockContent('model_x', 'model.safetensors', size) }],
      Date.UTC(2026, 0, 1),
    );
    const head = Buffer.concat([...chunksOf(big, 0, 4096)]);
    const v = createZipVerifier([{ name: 'model.safetensors', size, checksum: `sha256-parts:${'0'.repeat(64)}-640` }]);
    v.update(head);
    expect(() => v.finish()).toThrow(/ended inside model\.safetensors/);
    const wrong = createZipVerifier([{ name: 'model.safetensors', size: size - 1, checksum: `sha256-parts:${'0'.repeat(64)}-640` }]);
    expect(() => wrong.update(head)).toThrow(/5,368,709,120 bytes in the archive/);
  });
});

describe('archive names', () => {
  it('is <model>-<version>.zip, safe on every file system', () => {
    expect(archiveName('support-assistant-v1', 'v1.0.0')).toBe('support-assistant-v1-v1.0.0.zip');
    expect(archiveName('a/b:c*?', 'v2')).toBe('a_b_c_-v2.zip');
  });
});
