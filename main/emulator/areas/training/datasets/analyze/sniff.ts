// What a file's first bytes say it is, whatever its declared format: the analysis reads a file
// only as the format it was declared, and names what it found when the bytes are something else.

/** Bytes read before the analysis starts (tar's magic is at offset 257). */
export const SNIFF_BYTES = 512;

export type Found = 'parquet' | 'hdf5' | 'zip' | 'gzip' | 'tar' | 'binary' | 'text';

export function sniffFormat(head: Uint8Array): Found {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x41, 0x52, 0x31)) return 'parquet';
  if (starts(0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a)) return 'hdf5';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0x1f, 0x8b)) return 'gzip';
  if (head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'tar';
  // Text has no NUL bytes (UTF-16 would have them too: not a supported encoding).
  if (head.includes(0)) return 'binary';
  return 'text';
}

/** How a found kind is named in a report. */
export const FOUND_NAMES: Record<Found, string> = {
  parquet: 'a Parquet file',
  hdf5: 'an HDF5 file',
  zip: 'a zip archive',
  gzip: 'gzip-compressed data',
  tar: 'a tar archive',
  binary: 'binary data',
  text: 'text (such as CSV or JSON Lines)',
};
