// What a format's reader hands the analysis: examples where they are, failures, warnings, and
// what a container declares (a Parquet schema, an archive's members, an HDF5 file's datasets).
// One accumulator (examples.ts) implements it for every format, so counts, schema, statistics
// and the validation report are computed one way whatever the file's format.
import type { DatasetValidationConfig } from '../../../../../../shared/api/training/datasets';
import type { AnalysisBounds } from './bounds';

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null' | 'mixed';

export type CheckName = 'format' | 'encoding' | 'required_fields' | 'sequence_length' | 'example_count';

/** Where an example is: its 1-based line (a CSV record: the line it starts on; Parquet: its row), and the archive member holding it. */
export interface Position {
  line: number;
  member?: string;
}

/** An archive's member as listed in the statistics. */
export interface MemberSummary {
  name: string;
  /** Bytes expanded. */
  bytes: number;
  /** The format it was read as, or null when it was listed only (see `note`). */
  format: 'jsonl' | 'csv' | 'parquet' | null;
  /** Why it was not read (another archive, an unknown type, a bound), or null. */
  note: string | null;
}

export interface ExampleSink {
  readonly config: DatasetValidationConfig;
  /** One example (a JSONL object, a CSV row, a Parquet row). */
  example(at: Position, row: Record<string, unknown>): void;
  /** A failing example of a check; `summary` is the check's one-line reason in the report. */
  fail(check: CheckName, at: Position, field: string | null, reason: string, summary: string): void;
  /** The whole file (or member) cannot be read as its declared format: what was found instead. */
  unreadable(found: string, reason: string, member?: string): void;
  warn(message: string): void;
  /** A field as the format declares it (Parquet, HDF5): its type and nullability win over what values suggest. */
  declareField(name: string, type: FieldType, nullable: boolean): void;
  /** Examples counted without being read one by one (an HDF5 file's rows). */
  countExamples(n: number): void;
  member(m: MemberSummary): void;
  /** Format-specific statistics, e.g. `hdf5: {datasets: [...]}` or `parquet: {rowGroups, ...}`. */
  statistic(key: string, value: unknown): void;
}

/** What every reader is given besides its bytes. */
export interface ReadContext {
  sink: ExampleSink;
  bounds: AnalysisBounds;
  /** A folder of this analysis's own for spilled members (removed when it ends). */
  scratch: string;
  /** Bytes consumed so far, reported as the reader goes (progress, and where a failure happened). */
  progress(bytes: number): void;
}
