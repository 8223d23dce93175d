// Checks a model download's zip as its bytes stream by (docs/decisions.md, Models view: download
// to a file): each local entry is read from its header (STOREd, sizes in the header or its ZIP64
// field, as the download host writes them), its bytes are hashed in the listed file's checksum
// scheme, and the digest and size are compared with what the download listed — so a wrong byte
// is caught when its entry ends, before the archive's last byte is written, with nothing held but
// a header. The central directory that closes the archive is not needed and not read.
import { checksumScheme, createChecksumHasher, type ChecksumHasher } from './checksum';

export interface ListedFile {
  name: string;
  size: number;
  checksum: string;
}

export class VerificationError extends Error {
  constructor(
    message: string,
    readonly file: string | null = null,
  ) {
    super(message);
    this.name = 'VerificationError';
  }
}

export interface ZipVerifier {
  /** Takes the archive's next bytes; throws VerificationError as soon as something does not match. */
  update(bytes: Uint8Array): void;
  /** The archive ended: every listed file must have been seen. Answers the verified files in archive order. */
  finish(): ListedFile[];
}

const LOCAL = 0x04034b50;
const TRAILERS = new Set([0x02014b50, 0x06064b50, 0x06054b50]);
const U32 = 0xffffffff;

export function createZipVerifier(listed: readonly ListedFile[]): ZipVerifier {
  const expected = new Map(listed.map((f) => [f.name, f]));
  const verified: ListedFile[] = [];
  let header = Buffer.alloc(0);
  let entry: { file: ListedFile; left: number; hasher: ChecksumHasher } | null = null;
  let trailer = false;

  /** Reads a whole local header from `header` once it holds one; null while more bytes are needed. */
  const parseHeader = (): { file: ListedFile; size: number; length: number } | null => {
    if (header.length < 4) return null;
    const signature = header.readUInt32LE(0);
    if (signature !== LOCAL) {
      if (TRAILERS.has(signature)) return { file: null!, size: -1, length: 0 };
      throw new VerificationError('The download is not the zip archive it should be (no entry header where one belongs).');
    }
    if (header.length < 30) return null;
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const length = 30 + nameLength + extraLength;
    if (header.length < length) return null;
    const name = header.subarray(30, 30 + nameLength).toString('utf8');
    if (method !== 0) throw new VerificationError(`${name} is compressed in the archive; the download host stores entries.`, name);
    if (flags & 0x08) throw new VerificationError(`${name} has no size in its header; it cannot be checked as it streams.`, name);
    let size = header.readUInt32LE(22);
    if (size === U32 || header.readUInt32LE(18) === U32) {
      const extra = header.subarray(30 + nameLength, length);
      let at = 0;
      let found = false;
      while (at + 4 <= extra.length) {
        const id = extra.readUInt16LE(at);
        const len = extra.readUInt16LE(at + 2);
        if (id === 0x0001 && len >= 8) {
          size = Number(extra.readBigUInt64LE(at + 4));
          found = true;
          break;
        }
        at += 4 + len;
      }
      if (!found) throw new VerificationError(`${name}'s ZIP64 size is missing from its header.`, name);
    }
    const file = expected.get(name);
    if (!file) throw new VerificationError(`The archive holds ${name}, which the download did not list.`, name);
    if (verified.some((f) => f.name === name)) throw new VerificationError(`The archive holds ${name} twice.`, name);
    if (size !== file.size)
      throw new VerificationError(
        `${name} is ${size.toLocaleString('en-US')} bytes in the archive, not the ${file.size.toLocaleString('en-US')} listed.`,
        name,
      );
    return { file, size, length };
  };

  const closeEntry = () => {
    const e = entry!;
    entry = null;
    const got = e.hasher.digest();
    if (got !== e.file.checksum)
      throw new VerificationError(`${e.file.name} does not match its checksum: listed ${e.file.checksum}, received ${got}.`, e.file.name);
    verified.push(e.file);
  };

  const openEntry = (file: ListedFile, size: number) => {
    const scheme = checksumScheme(file.checksum);
    if (!scheme)
      throw new VerificationError(`${file.name}'s listed checksum is in no known form (${file.checksum.slice(0, 40)}).`, file.name);
    entry = { file, left: size, hasher: createChecksumHasher(scheme) };
    if (size === 0) closeEntry();
  };

  return {
    update(bytes) {
      let at = 0;
      while (at < bytes.byteLength && !trailer) {
        if (entry) {
          const take = Math.min(entry.left, bytes.byteLength - at);
          entry.hasher.update(bytes.subarray(at, at + take));
          entry.left -= take;
          at += take;
          if (entry.left === 0) closeEntry();
          continue;
        }
        // A header is small: gather it (a chunk may end inside one), then go on from its end.
        const before = header.length;
        const take = Math.min(bytes.byteLength - at, 64 * 1024);
        header = Buffer.concat([header, bytes.subarray(at, at + take)]);
        const parsed = parseHeader();
        if (!parsed) {
          at += take;
          continue;
        }
        if (parsed.size < 0) {
          trailer = true;
          break;
        }
        at += parsed.length - before;
        header = Buffer.alloc(0);
        openEntry(parsed.file, parsed.size);
      }
    },
    finish() {
      if (entry) throw new VerificationError(`The archive ended inside ${entry.file.name}.`, entry.file.name);
      const missing = listed.filter((f) => !verified.some((v) => v.name === f.name)).map((f) => f.name);
      if (missing.length > 0) throw new VerificationError(`The archive ended without ${missing.join(', ')}.`, missing[0]!);
      if (!trailer) throw new VerificationError('The archive ended without its central directory.');
      return verified;
    },
  };
}
