// One dataset file's analysis: the declared format's reader over the file's bytes, feeding the
// accumulator (examples.ts). Bytes that are not the declared format are named, not guessed at.
// Runs in the analysis worker (worker.ts); the seeded world analyses its small generated files
// in-process with analyzeText.
import type { DatasetFormat, DatasetValidationConfig } from '../../../../../../shared/api/training/datasets';
import { ANALYSIS_BOUNDS } from './bounds';
import { ExampleAccumulator, type Analysis } from './examples';
import { csvReader } from './formats/csv';
import { jsonlReader } from './formats/jsonl';
import type { TextReader } from './formats/text';
import type { Position, ReadContext } from './sink';
import { FOUND_NAMES, SNIFF_BYTES, sniffFormat } from './sniff';
import type { ByteSource } from './source';

/** The formats whose content is read; the others are refused at create (UNSUPPORTED_FORMAT). */
export const READ_FORMATS = ['jsonl', 'csv'] as const satisfies readonly DatasetFormat[];
export type ReadFormat = (typeof READ_FORMATS)[number];

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

export async function analyzeSource(
  format: ReadFormat,
  config: DatasetValidationConfig,
  source: ByteSource,
  options: AnalyzeOptions,
): Promise<Analysis> {
  const sink = new ExampleAccumulator(format, config);
  const ctx: ReadContext = { sink, bounds: ANALYSIS_BOUNDS, scratch: options.scratch, progress: (b) => options.progress?.(b, sink.last) };
  const found = sniffFormat(await source.read(0, SNIFF_BYTES));
  if (found !== 'text') {
    sink.unreadable(found, `the bytes are ${FOUND_NAMES[found]}`);
    return sink.result(source.size);
  }
  const reader = TEXT_READERS[format](ctx);
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
  const found = sniffFormat(bytes.subarray(0, SNIFF_BYTES));
  if (found !== 'text') sink.unreadable(found, `the bytes are ${FOUND_NAMES[found]}`);
  else {
    const reader = TEXT_READERS[format]({ sink, bounds: ANALYSIS_BOUNDS, scratch: '', progress: () => {} });
    reader.push(bytes);
    reader.end();
  }
  return sink.result(bytes.length);
}
