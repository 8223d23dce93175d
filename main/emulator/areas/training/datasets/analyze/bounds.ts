// What one dataset analysis may take, whatever the file holds (docs/decisions.md, Training:
// datasets — analysis bounds). The analysis runs in a worker thread with these memory limits and
// this time budget; a line, record, field, member or column over its bound is a failing example
// naming where it is (or, where reading cannot go on past it, the file's failure), never memory
// held without bound.
const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

export const ANALYSIS_BOUNDS = {
  /** A JSONL line (an example) longer than this is a failing example and is skipped, not held. */
  lineBytes: 1 * MIB,
  /** A CSV record (all its fields, quoted line breaks included) longer than this ends the CSV read: a quote never closed would otherwise swallow the rest of the file. */
  recordBytes: 1 * MIB,
  /** Columns of a CSV header or a Parquet schema; more is a failing check (what is profiled stays bounded). */
  columns: 10_000,
  /** Characters of one value that go into the text statistics (token estimate, words); the rest is counted by length only. */
  textChars: 64 * KIB,
  /** Characters of a word counted in the vocabulary. */
  wordChars: 64,

  /** Entries of a zip or tar; more ends the archive's read with a failure naming the bound. */
  archiveEntries: 100_000,
  /** Bytes all of an archive's members may expand to (zip bomb, gzip bomb). */
  archiveExpandedBytes: 16 * GIB,
  /** A member compressed more than this many times over (and over `archiveRatioFloorBytes` expanded) is refused as a bomb. */
  archiveRatio: 200,
  /** Below this many expanded bytes a member's ratio is not judged (a small file of one repeated byte is no bomb). */
  archiveRatioFloorBytes: 1 * MIB,
  /** A Parquet member of an archive is spilled to a scratch file to be read at random: at most this size. */
  archiveSpillBytes: 2 * GIB,
  /** Archives inside archives are listed, not opened. */
  archiveDepth: 1,

  /** One Parquet column chunk (compressed) read at once; a file written with larger row groups is refused with this bound named. */
  parquetColumnChunkBytes: 64 * MIB,
  /** All of one Parquet row group's column chunks (compressed): hyparquet fetches every chunk of the row group to decode any of its rows, so they are held together while its rows are read; a larger row group is refused with this bound named. */
  parquetRowGroupBytes: 256 * MIB,
  /** A Parquet footer (the file's metadata, parsed whole into objects about eleven times its size: 3.3 MiB for 50,000 column chunks took 36 MiB of heap); a larger one refuses the file. */
  parquetFooterBytes: 4 * MIB,
  /** Parquet rows decoded at a time. */
  parquetBatchRows: 10_000,

  /** HDF5 groups and datasets walked; more is a warning and the rest is not listed. */
  hdf5Objects: 10_000,
  /** Values of one HDF5 dataset read for statistics (labels); larger datasets are described by shape and type only. */
  hdf5ValuesRead: 1_000_000,

  /** The worker's heap (old and young generations), in MiB: an analysis that needs more fails its dataset. */
  workerOldGenerationMb: 160,
  workerYoungGenerationMb: 32,
  /** The time an analysis may take: a base plus a floor on the rate it must keep. */
  timeBaseSeconds: 60,
  minBytesPerSecond: 4 * MIB,
  /** Analyses of one dataset version that may end with the process (a crash, a kill) before it is failed instead of resumed again. */
  attempts: 3,
} as const;

export type AnalysisBounds = typeof ANALYSIS_BOUNDS;

/** The time budget of an analysis of `bytes`, in milliseconds. */
export const analysisBudgetMs = (bytes: number) => (ANALYSIS_BOUNDS.timeBaseSeconds + bytes / ANALYSIS_BOUNDS.minBytesPerSecond) * 1000;
