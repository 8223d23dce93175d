// Zip and tar archives (03-endpoints-training.md, Dataset, formats `zip` and `tar`; docs/decisions.md,
// Training: datasets — Formats: Parquet, archives, HDF5). Every member is listed; a JSON Lines or
// CSV member is read by the text readers and a Parquet one by readParquet, each naming the member
// so failing examples say where they are. yauzl reads a zip at random (its central directory, then
// each member), tar-stream a tar in one pass (through node:zlib's gunzip for a .tar.gz). Members are
// streamed, never held: a Parquet member, which must be read at random, is spilled to a scratch file
// under a generated name (a member's name is the uploader's text, never a path here). Bombs are
// refused by the archive bounds before they expand far.
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract, type Extract } from 'tar-stream';
import yauzl from 'yauzl';
import type { AnalysisBounds } from '../bounds';
import type { MemberSummary, ReadContext } from '../sink';
import { SNIFF_BYTES } from '../sniff';
import { fileSource, type ByteSource } from '../source';
import { csvReader } from './csv';
import { foundIn } from './found';
import { jsonlReader } from './jsonl';
import { readParquet } from './parquet';

/** Bytes read from the source at a time. A gzip stream is read in smaller pieces: how far a bomb expands before its ratio shows is a multiple of them. */
const CHUNK = 1024 * 1024;
const GZIP_CHUNK = 64 * 1024;
/** Members named in the warning of an archive with nothing to read. */
const NAMED = 10;

type MemberFormat = NonNullable<MemberSummary['format']>;

const TEXT_FORMATS: Record<string, MemberFormat> = { jsonl: 'jsonl', ndjson: 'jsonl', json: 'jsonl', csv: 'csv', parquet: 'parquet' };
const ARCHIVES = /\.(zip|tar|tgz|gz|bz2|xz|zst|7z|rar|tar\.gz|tar\.bz2|tar\.xz)$/i;

/**
 * How a member is treated, from its name: read as a format, or listed with why not.
 * @internal Exported for its tests only.
 */
export function memberKind(name: string): { format: MemberFormat } | { note: string } {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  const format = extension === undefined ? undefined : TEXT_FORMATS[extension];
  if (format !== undefined) return { format };
  if (ARCHIVES.test(name)) return { note: 'an archive inside the archive: listed, not opened (archiveDepth)' };
  return { note: 'not a dataset file (.jsonl, .json, .csv, .parquet): listed, not read' };
}

/** The read stops: an archive bound passed (named), or the archive is damaged past its start (bound null); the format check fails naming the member. */
class Refused extends Error {
  constructor(
    readonly bound: keyof AnalysisBounds | null,
    readonly member: string | null,
    reason: string,
  ) {
    super(reason);
  }
}

/** What an archive has cost so far, against its bounds. */
class Budget {
  entries = 0;
  /** Bytes expanded (all of a tar.gz's gunzipped stream; a zip's members as they are inflated). */
  expanded = 0;
  /** Bytes of a .tar.gz's gzip stream consumed. */
  compressed = 0;
  /** The member being read, named when a bound is passed while its bytes flow. */
  current: string | null = null;

  constructor(private readonly bounds: AnalysisBounds) {}

  entry(name: string): void {
    this.current = name;
    if (++this.entries > this.bounds.archiveEntries)
      throw new Refused(
        'archiveEntries',
        name,
        `more than ${this.bounds.archiveEntries} entries (archiveEntries): ${name} is one too many`,
      );
  }

  /** Before a member is read: its declared size against what the archive may still expand to, and (zip) its declared ratio. */
  declared(name: string, bytes: number, compressedBytes?: number): void {
    const { archiveExpandedBytes: total, archiveRatio: ratio, archiveRatioFloorBytes: floor } = this.bounds;
    if (this.expanded + bytes > total)
      throw new Refused('archiveExpandedBytes', name, `${name} would take the archive past ${total} expanded bytes (archiveExpandedBytes)`);
    if (compressedBytes !== undefined && bytes > floor && bytes / Math.max(1, compressedBytes) > ratio) {
      const times = Math.round(bytes / Math.max(1, compressedBytes));
      throw new Refused(
        'archiveRatio',
        name,
        `${name} expands ${times} times (${compressedBytes} to ${bytes} bytes), over archiveRatio ${ratio}`,
      );
    }
  }

  /** Bytes as they come out; a gzip stream's ratio so far is judged here (its members share one compression stream). */
  expand(n: number, gzip: boolean): void {
    const { archiveExpandedBytes: total, archiveRatio: ratio, archiveRatioFloorBytes: floor } = this.bounds;
    const name = this.current ?? 'the archive';
    this.expanded += n;
    if (this.expanded > total)
      throw new Refused('archiveExpandedBytes', this.current, `${name}: more than ${total} expanded bytes (archiveExpandedBytes)`);
    if (gzip && this.expanded > floor && this.expanded / Math.max(1, this.compressed) > ratio) {
      const times = Math.round(this.expanded / Math.max(1, this.compressed));
      throw new Refused('archiveRatio', this.current, `${name}: the gzip stream expands ${times} times so far, over archiveRatio ${ratio}`);
    }
  }
}

/** What the archive held, for the warning when nothing in it could be read. */
interface Tally {
  read: number;
  listed: string[];
}

/** A text member through the JSONL or CSV reader; once the reader stops, the rest is drained (a tar's next entry follows it) or left (a zip's). */
async function readText(format: 'jsonl' | 'csv', name: string, bytes: AsyncIterable<Uint8Array>, ctx: ReadContext, drain: boolean) {
  const reader = format === 'jsonl' ? jsonlReader(ctx, name) : csvReader(ctx, name);
  for await (const chunk of bytes) {
    if (!reader.stopped()) reader.push(chunk);
    else if (!drain) break;
  }
  reader.end();
}

/** A Parquet member: spilled to a scratch file of a generated name (at most archiveSpillBytes), read at random, removed. */
async function readParquetMember(name: string, bytes: AsyncIterable<Uint8Array>, ctx: ReadContext): Promise<void> {
  const path = join(ctx.scratch, `member-${randomUUID()}.parquet`);
  try {
    const file = await open(path, 'wx');
    try {
      let written = 0;
      for await (const chunk of bytes) {
        written += chunk.length;
        // The declared size was checked; this holds whatever the header said.
        if (written > ctx.bounds.archiveSpillBytes)
          throw new Refused('archiveSpillBytes', name, `${name} is over archiveSpillBytes ${ctx.bounds.archiveSpillBytes} bytes`);
        await file.write(chunk);
      }
    } finally {
      await file.close();
    }
    const source = await fileSource([path]);
    try {
      // The archive reports its own progress; the member's offsets are not the archive's.
      await readParquet(source, { ...ctx, progress: () => {} }, name);
    } finally {
      await source.close();
    }
  } finally {
    await rm(path, { force: true });
  }
}

/** One member that is a file: listed, then read as its format or only drained. */
async function readMember(
  name: string,
  bytes: number,
  content: () => AsyncIterable<Uint8Array>,
  ctx: ReadContext,
  tally: Tally,
  drain: boolean,
) {
  const kind = memberKind(name);
  ctx.sink.member({ name, bytes, format: 'format' in kind ? kind.format : null, note: 'note' in kind ? kind.note : null });
  if ('note' in kind) {
    tally.listed.push(name);
    if (drain) for await (const _ of content()) continue;
    return;
  }
  const spill = ctx.bounds.archiveSpillBytes;
  if (kind.format === 'parquet' && bytes > spill)
    throw new Refused(
      'archiveSpillBytes',
      name,
      `${name} is ${bytes} bytes, over archiveSpillBytes ${spill} (a Parquet member is spilled to disk to be read)`,
    );
  tally.read++;
  if (kind.format === 'parquet') await readParquetMember(name, content(), ctx);
  else await readText(kind.format, name, content(), ctx, drain);
}

// ——— zip ———

/** yauzl's reader over the source: the central directory by `read`, members by ranges. */
class SourceReader extends yauzl.RandomAccessReader {
  /** The end of the furthest member bytes read: the progress through the archive (members are read in order). */
  furthest = 0;

  constructor(private readonly source: ByteSource) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.range(start, end), { objectMode: false });
  }

  private async *range(start: number, end: number): AsyncGenerator<Buffer> {
    for (let at = start; at < end; at += CHUNK) {
      const bytes = await this.source.read(at, Math.min(CHUNK, end - at));
      this.furthest = Math.max(this.furthest, at + bytes.length);
      yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null) => void): void {
    this.source.read(position, length).then(
      (bytes) => {
        if (bytes.length < length) return callback(new Error('the zip archive is shorter than its directory says'));
        buffer.set(bytes, offset);
        callback(null);
      },
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
    );
  }
}

/** Why a zip entry that is a file is not read whatever its name, or null. */
function undecodable(entry: yauzl.Entry): string | null {
  if (entry.isEncrypted()) return 'encrypted: listed, not read';
  if (!entry.canDecodeFileData()) return `compression method ${entry.compressionMethod}: listed, not read`;
  return null;
}

/** Reads a zip; false when it is not one (reported as unreadable). */
async function readZip(source: ByteSource, ctx: ReadContext, budget: Budget, tally: Tally): Promise<boolean> {
  const reader = new SourceReader(source);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(reader, source.size, { lazyEntries: true, validateEntrySizes: true, autoClose: false });
  } catch (e) {
    const { found, words } = foundIn(await source.read(0, SNIFF_BYTES));
    const reason = found === 'zip' ? `the zip archive cannot be read: ${message(e)}` : `the bytes are ${words}, not a zip archive`;
    ctx.sink.unreadable(found, reason);
    return false;
  }
  try {
    // The central directory gives the count before any member is read.
    if (zip.entryCount > ctx.bounds.archiveEntries)
      throw new Refused('archiveEntries', null, `${zip.entryCount} entries, over archiveEntries ${ctx.bounds.archiveEntries}`);
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      budget.entry(name);
      if (name.endsWith('/')) continue; // a folder
      const note = undecodable(entry);
      if (note !== null) {
        ctx.sink.member({ name, bytes: entry.uncompressedSize, format: null, note });
        tally.listed.push(name);
        continue;
      }
      if ('format' in memberKind(name)) budget.declared(name, entry.uncompressedSize, entry.compressedSize);
      const content = async function* () {
        // validateEntrySizes makes the stream fail past the declared size: a lying header cannot expand further.
        for await (const chunk of await zip.openReadStreamPromise(entry)) {
          budget.expand((chunk as Buffer).length, false);
          ctx.progress(reader.furthest);
          yield chunk as Buffer;
        }
      };
      await readMember(name, entry.uncompressedSize, content, ctx, tally, false);
    }
    ctx.progress(source.size);
  } catch (e) {
    if (e instanceof Refused) throw e;
    throw new Refused(null, budget.current, `the zip archive cannot be read past ${budget.current ?? 'its directory'}: ${message(e)}`);
  } finally {
    zip.close();
  }
  return true;
}

// ——— tar ———

/** The source's bytes as a stream, counting what was consumed (the compressed side of a .tar.gz). */
function counted(source: ByteSource, chunkBytes: number, onBytes: (n: number) => void): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source.stream(0, chunkBytes)) {
        onBytes(chunk.length);
        yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      }
    })(),
    { objectMode: false },
  );
}

/** A tar's entry types that hold a file's bytes. */
const FILE_TYPES = new Set<string>(['file', 'contiguous-file']);

async function readTarEntries(extract: Extract, ctx: ReadContext, budget: Budget, tally: Tally): Promise<void> {
  for await (const entry of extract) {
    const { name, type, size = 0 } = entry.header;
    budget.entry(name);
    if (type === 'directory') {
      entry.resume();
      continue;
    }
    if (!FILE_TYPES.has(type)) {
      ctx.sink.member({ name, bytes: size, format: null, note: `a ${type} entry: listed, not followed` });
      tally.listed.push(name);
      entry.resume();
      continue;
    }
    budget.declared(name, size);
    await readMember(name, size, () => entry as AsyncIterable<Buffer>, ctx, tally, true);
  }
}

/** Reads a tar, gzip-compressed or not; false when it is not one (reported as unreadable). */
async function readTar(source: ByteSource, ctx: ReadContext, budget: Budget, tally: Tally): Promise<boolean> {
  const head = await source.read(0, SNIFF_BYTES);
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  let consumed = 0;
  const input = counted(source, gzip ? GZIP_CHUNK : CHUNK, (n) => {
    consumed += n;
    budget.compressed = consumed;
    ctx.progress(consumed);
  });
  // Every expanded byte passes here, whatever tar-stream makes of it: the bounds are judged as they flow.
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        budget.expand(chunk.length, gzip);
        done(null, chunk);
      } catch (e) {
        done(e as Error);
      }
    },
  });
  const extract = tarExtract();
  const streams = gzip ? [input, createGunzip(), meter] : [input, meter];
  // A failure upstream (a bound in the meter, a corrupt gzip stream) ends the entries' iteration with it.
  pipeline(streams, (err) => {
    if (err && !extract.destroyed) extract.destroy(err);
  });
  meter.pipe(extract);
  try {
    await readTarEntries(extract, ctx, budget, tally);
  } catch (e) {
    if (e instanceof Refused) throw e;
    if (budget.entries === 0) {
      const { found, words } = foundIn(head);
      const what = gzip ? 'gzip-compressed data that is not a tar archive' : `${words}, not a tar archive`;
      ctx.sink.unreadable(found, `the bytes are ${what} (${message(e)})`);
      return false;
    }
    throw new Refused(null, budget.current, `the tar archive cannot be read past ${budget.current}: ${message(e)}`);
  } finally {
    for (const s of [...streams, extract]) s.destroy();
  }
  return true;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Reads a zip or tar archive (a gzip-compressed tar too): lists its members, reads the JSON Lines,
 * CSV and Parquet ones. A bound passed, or an archive damaged past its first entry, fails the format
 * check naming the bound and the member, and ends the read; an archive with nothing to read leaves
 * no examples (example_count fails) and a warning naming what it held.
 */
export async function readArchive(source: ByteSource, ctx: ReadContext, kind: 'zip' | 'tar'): Promise<void> {
  const budget = new Budget(ctx.bounds);
  const tally: Tally = { read: 0, listed: [] };
  try {
    const opened = await (kind === 'zip' ? readZip(source, ctx, budget, tally) : readTar(source, ctx, budget, tally));
    if (opened && tally.read === 0)
      ctx.sink.warn(`the archive holds no .jsonl, .json, .csv or .parquet member to read: ${held(tally.listed)}`);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    const at = e.member === null ? { line: 1 } : { line: 1, member: e.member };
    ctx.sink.fail('format', at, null, e.message, e.bound === null ? 'damaged archive' : `archive refused: over ${e.bound}`);
  }
}

/** The members listed, in a warning. */
function held(listed: string[]): string {
  if (listed.length === 0) return 'it is empty (or holds only folders)';
  return listed.slice(0, NAMED).join(', ') + (listed.length > NAMED ? ` and ${listed.length - NAMED} more` : '');
}
