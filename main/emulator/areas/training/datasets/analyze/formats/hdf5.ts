// HDF5 (03-endpoints-training.md, Dataset, format `hdf5`; docs/decisions.md, Training: datasets —
// Formats: Parquet, archives, HDF5). h5wasm (the HDF5 C library built to WebAssembly) opens the
// file by its path on disk and walks its groups and datasets: each dataset is a declared field,
// the examples are the rows of the first dimension the datasets share, counted, not read. Only
// the shape and type of a dataset are read, and the values of a small label dataset.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Dataset, File as H5File, Group, Metadata } from 'h5wasm/node';
import type { FieldType, ReadContext } from '../sink';
import { SNIFF_BYTES } from '../sniff';
import type { ByteSource } from '../source';
import { foundIn } from './found';

type H5 = typeof import('h5wasm/node').default;

/** Dataset names whose values are counted as labels (as a JSONL or CSV field of these names is). */
const LABEL_NAMES = new Set(['label', 'labels', 'class', 'category', 'target', 'sentiment', 'intent']);
/** Distinct label values counted per dataset (the accumulator's bound for a label field). */
const MAX_LABELS = 1000;
/** Label values read from the file at a time. */
const LABEL_SLICE = 65_536;
/** Datasets named in a warning before "and N more". */
const NAMED = 10;

// HDF5 datatype classes (H5Tpublic.h), as h5wasm's metadata gives them.
const H5T = { INTEGER: 0, FLOAT: 1, TIME: 2, STRING: 3, BITFIELD: 4, OPAQUE: 5, COMPOUND: 6, REFERENCE: 7, ENUM: 8, VLEN: 9, ARRAY: 10 };

let loading: Promise<H5> | null = null;

/** h5wasm, loaded on first use (the worker of a JSONL analysis never compiles its 4 MB of WebAssembly), errors thrown rather than printed. */
function h5wasm(): Promise<H5> {
  loading ??= import('h5wasm/node')
    .then(async ({ default: h5 }) => {
      const module = await h5.ready;
      module.activate_throwing_error_handler();
      return h5;
    })
    .catch((e: unknown) => {
      loading = null; // the next HDF5 file tries again
      throw new Error(`h5wasm (HDF5 support) cannot be loaded: ${e instanceof Error ? e.message : String(e)}`);
    });
  return loading;
}

/** An HDF5 error in a line: the innermost failure of the library's stack, and its minor class ("file signature not found (Not an HDF5 file)"). */
function hdf5Message(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const frames = [...text.matchAll(/#\d+: .* in [\w.]+\(\): (.+)$/gm)];
  const minors = [...text.matchAll(/minor: (.+)$/gm)];
  const what = frames.at(-1)?.[1]?.trim();
  if (what === undefined) return text.split('\n', 1)[0] ?? text;
  const minor = minors.at(-1)?.[1]?.trim();
  return minor ? `${what} (${minor})` : what;
}

interface DatasetInfo {
  path: string;
  shape: number[];
  dtype: string;
  chunks: number[] | null;
  filters: string[];
}

/** A datatype in words: int32, uint8, float64, string, compound, enum, … */
function dtypeName(m: Metadata): string {
  switch (m.type) {
    case H5T.INTEGER:
      return `${m.signed ? 'int' : 'uint'}${m.size * 8}`;
    case H5T.FLOAT:
      return `float${m.size * 8}`;
    case H5T.STRING:
      return 'string';
    default:
      return (
        Object.entries(H5T)
          .find(([, v]) => v === m.type)?.[0]
          .toLowerCase() ?? `class ${m.type}`
      );
  }
}

/** The type of the field a dataset declares: a row of a dataset of two or more dimensions is an array; otherwise its element's type. */
function fieldType(m: Metadata): FieldType {
  if ((m.shape?.length ?? 0) >= 2) return 'array';
  switch (m.type) {
    case H5T.INTEGER:
      return 'integer';
    case H5T.FLOAT:
      return 'number';
    case H5T.STRING:
      return 'string';
    case H5T.ENUM: {
      // h5py stores booleans as an enum of FALSE and TRUE.
      const names = Object.keys(m.enum_type?.members ?? {}).sort();
      return names.join() === 'FALSE,TRUE' ? 'boolean' : 'integer';
    }
    case H5T.COMPOUND:
      return 'object';
    case H5T.ARRAY:
    case H5T.VLEN:
      return 'array';
    default:
      return 'mixed'; // time, bitfield, opaque, reference: no JSON counterpart
  }
}

interface Found {
  info: DatasetInfo;
  type: FieldType;
  dataset: Dataset;
}

interface Walk {
  datasets: Found[];
  groups: number;
  /** Soft, external and broken links and named datatypes: listed, never followed. */
  links: string[];
  truncated: boolean;
}

/** Groups and datasets breadth first, at most `bound` objects. Soft and external links are not followed: an external one names another file, and links can make cycles. */
function walk(h5: H5, file: H5File, bound: number): Walk {
  const out: Walk = { datasets: [], groups: 0, links: [], truncated: false };
  const queue: Group[] = [file];
  let objects = 0;
  for (let g = queue.shift(); g !== undefined; g = queue.shift()) {
    for (const name of g.keys()) {
      if (objects >= bound) {
        out.truncated = true;
        return out;
      }
      objects++;
      const path = g.path === '/' ? `/${name}` : `${g.path}/${name}`;
      const entity = file.get_link(path) === null ? file.get(path) : null;
      if (entity instanceof h5.Dataset) out.datasets.push(describe(entity));
      else if (entity instanceof h5.Group) {
        out.groups++;
        queue.push(entity);
      } else out.links.push(path.slice(1));
    }
  }
  return out;
}

function describe(dataset: Dataset): Found {
  const m = dataset.metadata;
  const info = {
    path: dataset.path.slice(1),
    shape: m.shape ?? [],
    dtype: dtypeName(m),
    chunks: m.chunks,
    filters: dataset.filters.map((f) => f.name),
  };
  return { info, type: fieldType(m), dataset };
}

/**
 * The example count: the first dimension most datasets share (ties: the larger), over datasets of at least one dimension.
 * @internal Exported for its tests only.
 */
export function exampleCount(shapes: readonly number[][]): number {
  const counts = new Map<number, number>();
  for (const s of shapes) if (s.length > 0) counts.set(s[0]!, (counts.get(s[0]!) ?? 0) + 1);
  let best = 0;
  let seen = 0;
  for (const [n, c] of counts) if (c > seen || (c === seen && n > best)) [best, seen] = [n, c];
  return best;
}

const named = (paths: string[]) => paths.slice(0, NAMED).join(', ') + (paths.length > NAMED ? ` and ${paths.length - NAMED} more` : '');
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** required_fields names datasets, by path ("data/images") or by name ("images"): absent fails on line 1, fewer rows than examples fails on the first example without one. */
function checkRequired(ctx: ReadContext, datasets: DatasetInfo[], examples: number): void {
  for (const field of ctx.sink.config.required_fields ?? []) {
    const found = datasets.find((d) => d.path === field) ?? datasets.find((d) => baseName(d.path) === field);
    if (!found) {
      ctx.sink.fail('required_fields', { line: 1 }, field, `no dataset named ${field}`, 'missing required dataset');
    } else if ((found.shape[0] ?? 0) < examples) {
      const rows = found.shape[0] ?? 0;
      const reason = `${found.path} has ${rows} rows for ${examples} examples`;
      ctx.sink.fail('required_fields', { line: rows + 1 }, field, reason, 'required dataset shorter than the examples');
    }
  }
}

/**
 * Counts of a label dataset's values: one dimension, integers, strings or enum, at most
 * hdf5ValuesRead values, and chunked (a contiguous dataset's raw data may be stored in other files
 * named inside this one, external storage, and a virtual one maps other files; a chunked one is
 * always in this file). Null when it is not counted.
 */
function labelCounts(d: Dataset, info: DatasetInfo, maxValues: number): Record<string, number> | null {
  const m = d.metadata;
  const countable = m.type === H5T.INTEGER || m.type === H5T.STRING || m.type === H5T.ENUM;
  if (!LABEL_NAMES.has(baseName(info.path).toLowerCase()) || info.shape.length !== 1 || !countable) return null;
  const n = info.shape[0]!;
  if (n > maxValues || info.chunks === null || m.virtual_sources) return null;
  const counts = new Map<string, number>();
  for (let start = 0; start < n; start += LABEL_SLICE) {
    const values = d.slice([[start, Math.min(n, start + LABEL_SLICE)]]) as ArrayLike<unknown> | null;
    for (const v of Array.from(values ?? [])) {
      const key = String(v);
      if (counts.has(key) || counts.size < MAX_LABELS) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

/** What the walk found, to the sink. */
function report(ctx: ReadContext, file: H5File, found: Walk): void {
  const { sink, bounds } = ctx;
  const sorted = [...found.datasets].sort((a, b) => (a.info.path < b.info.path ? -1 : 1));
  for (const d of sorted) sink.declareField(d.info.path, d.type, false);
  const infos = sorted.map((d) => d.info);
  const examples = exampleCount(infos.map((d) => d.shape));
  sink.countExamples(examples);
  checkRequired(ctx, infos, examples);

  const other = infos.filter((d) => d.shape[0] !== examples).map((d) => d.path);
  if (examples > 0 && other.length > 0) {
    sink.warn(`${other.length} HDF5 dataset(s) do not have one row per example (${examples}): ${named(other)}`);
  }
  if (found.truncated)
    sink.warn(`the HDF5 file has more than ${bounds.hdf5Objects} groups and datasets (hdf5Objects); the rest is not listed`);
  if (infos.length === 0) sink.warn(`the HDF5 file holds no dataset (${found.groups} group(s))`);

  const labels: Record<string, Record<string, number>> = {};
  for (const { info, dataset } of found.datasets) {
    try {
      const counts = labelCounts(dataset, info, bounds.hdf5ValuesRead);
      if (counts) labels[info.path] = counts;
    } catch (e) {
      sink.warn(`the labels of ${info.path} cannot be read: ${hdf5Message(e)}`);
    }
  }
  sink.statistic('hdf5', {
    datasets: infos,
    groups: found.groups,
    links: found.links,
    attributes: Object.keys(file.attrs),
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
  });
}

/** Closes the file; a failure to close a file opened read-only loses nothing and must not hide the reading's outcome. */
function closeQuietly(file: H5File): void {
  try {
    file.close();
  } catch {
    // nothing was written
  }
}

/** The source as one file on disk: its own path, or a copy in the scratch folder (removed by `done`). */
async function onDisk(source: ByteSource, scratch: string): Promise<{ path: string; done: () => Promise<void> }> {
  if (source.path !== undefined) return { path: source.path, done: async () => {} };
  const path = join(scratch, `hdf5-${randomUUID()}.h5`);
  await pipeline(Readable.from(source.stream()), createWriteStream(path, { flags: 'wx' }));
  return { path, done: () => rm(path, { force: true }) };
}

/**
 * Reads an HDF5 file: declares its datasets, counts its examples, `statistics.hdf5` lists the
 * datasets (path, shape, dtype, chunks, filters). A file HDF5 cannot open is `unreadable`; a
 * failure while walking it fails the format check.
 */
export async function readHdf5(source: ByteSource, ctx: ReadContext): Promise<void> {
  const h5 = await h5wasm();
  const disk = await onDisk(source, ctx.scratch);
  try {
    let file: H5File;
    try {
      file = new h5.File(disk.path, 'r');
    } catch (e) {
      const { found, words } = foundIn(await source.read(0, SNIFF_BYTES));
      const reason = found === 'hdf5' ? `HDF5 cannot open it: ${hdf5Message(e)}` : `the bytes are ${words}, not HDF5: ${hdf5Message(e)}`;
      ctx.sink.unreadable(found, reason);
      return;
    }
    try {
      report(ctx, file, walk(h5, file, ctx.bounds.hdf5Objects));
    } catch (e) {
      ctx.sink.fail('format', { line: 1 }, null, `the HDF5 file cannot be read: ${hdf5Message(e)}`, 'unreadable HDF5');
    } finally {
      closeQuietly(file);
    }
    ctx.progress(source.size);
  } finally {
    await disk.done();
  }
}
