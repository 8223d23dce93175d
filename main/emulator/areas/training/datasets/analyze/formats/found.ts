// What a file's first bytes look like, for the message of a file that is not the format it was
// declared as ("The uploaded file is CSV text, not parquet"). The container magics are sniff.ts's;
// this only words them and tells JSON from CSV from other text by the first line.
import { sniffFormat } from '../sniff';

const CONTAINERS: Record<string, string> = {
  parquet: 'a Parquet file',
  hdf5: 'an HDF5 file',
  zip: 'a zip archive',
  gzip: 'gzip-compressed data',
  tar: 'a tar archive',
  binary: 'binary data',
};

/** A noun phrase for what `head` (a file's first bytes, up to sniff.ts's SNIFF_BYTES) holds. */
export function describeFound(head: Uint8Array): string {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const container = sniffFormat(bytes);
  if (container !== null) return CONTAINERS[container] ?? container;
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  const first = text.trimStart();
  if (first === '') return 'an empty file';
  if (first.startsWith('{') || first.startsWith('[')) return 'JSON text';
  const line = first.split(/\r?\n/, 1)[0] ?? '';
  return line.includes(',') || line.includes('\t') ? 'CSV text' : 'text';
}
