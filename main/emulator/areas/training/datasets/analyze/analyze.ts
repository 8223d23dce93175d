// One dataset file's analysis: the declared format's reader over the file's bytes, feeding the
// accumulator (examples.ts). Bytes that are not the declared format are named, not guessed at:
// text is checked here, each container's reader checks its own magic numbers.
// Runs in the analysis worker (worker.ts); the seeded world analyses its small generated files
// in-process with analyzeText.
import type { DatasetFormat, DatasetValidationConfig } from '../../../../../../shared/api/training/datasets';
import { ANALYSIS_BOUNDS } from './bounds';
import { ExampleAccumulator, type Analysis } from './examples';
import { readArchive } from './formats/archive';
import { csvReader } from './formats/csv';
import { foundIn } from './formats/found';
import { readHdf5 } from './formats/hdf5';
import { jsonlReader } from './formats/jsonl';
import { readParquet } from './formats/parquet';
import type { TextReader } from './formats/text';
import type { Position, ReadContext } from './sink';
import { SNIFF_BYTES } from './sniff';
import type { ByteSource } from './source';

export interface AnalyzeOptions {
  /** A folder of this analysis's own (spilled archive members). */
  scratch: string;
  /** Bytes read so far and the last example's place, as the analysis goes. */
  progress?(bytes: number, at: Position | null): void;
}

const TEXT_READERS: Record<'jsonl' | 'csv', (ctx: ReadContext) => TextReader> = {
  jsonl: (ctx) => jsonlReader(ctx),
  csv: (ctx) => csvReader(ctx),
};

/** The text reader of a JSONL or CSV file whose first bytes are `head`; null (reported) when they are not text. */
function textReader(format: 'jsonl' | 'csv', ctx: ReadContext, head: Uint8Array): TextReader | null {
  const { found, words } = foundIn(head);
  if (found === 'text') return TEXT_READERS[format](ctx);
  ctx.sink.unreadable(found, `the bytes are ${words}`);
  return null;
}

/** The readers of the formats that hold containers: each checks its own magic numbers. */
const CONTAINER_READERS: Record<Exclude<DatasetFormat, 'jsonl' | 'csv'>, (source: ByteSource, ctx: ReadContext) => Promise<void>> = {
  parquet: (source, ctx) => readParquet(source, ctx),
  hdf5: (source, ctx) => readHdf5(source, ctx),
  zip: (source, ctx) => readArchive(source, ctx, 'zip'),
  tar: (source, ctx) => readArchive(source, ctx, 'tar'),
};

export async function analyzeSource(
  format: DatasetFormat,
  config: DatasetValidationConfig,
  source: ByteSource,
  options: AnalyzeOptions,
): Promise<Analysis> {
  const sink = new ExampleAccumulator(format, config);
  const ctx: ReadContext = { sink, bounds: ANALYSIS_BOUNDS, scratch: options.scratch, progress: (b) => options.progress?.(b, sink.last) };
  if (format !== 'jsonl' && format !== 'csv') {
    await CONTAINER_READERS[format](source, ctx);
    return sink.result(source.size);
  }
  const reader = textReader(format, ctx, await source.read(0, SNIFF_BYTES));
  if (!reader) return sink.result(source.size);
  let read = 0;
  for await (const chunk of source.stream()) {
    reader.push(chunk);
    read += chunk.length;
    ctx.progress(read);
    if (reader.stopped()) break;
  }
  reader.end();
  return sink.result(source.size);
}

/** A small text file analysed at once, in-process (the seeded world's generated files). */
export function analyzeText(format: 'jsonl' | 'csv', config: DatasetValidationConfig, bytes: Uint8Array): Analysis {
  const sink = new ExampleAccumulator(format, config);
  const reader = textReader(format, { sink, bounds: ANALYSIS_BOUNDS, scratch: '', progress: () => {} }, bytes.subarray(0, SNIFF_BYTES));
  reader?.push(bytes);
  reader?.end();
  return sink.result(bytes.length);
}
