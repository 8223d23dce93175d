// What a file's first bytes are, when they are not the format the file was declared as: sniff.ts's
// kind (the report's providedFormat) and words for the reason ("the bytes are CSV text"), text
// told apart as JSON, CSV or other by its first line.
import { FOUND_NAMES, sniffFormat, type Found } from '../sniff';

function textKind(head: Uint8Array): string {
  const first = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimStart();
  if (first === '') return 'an empty file';
  if (first.startsWith('{') || first.startsWith('[')) return 'JSON text';
  const line = first.split(/\r?\n/, 1)[0] ?? '';
  return line.includes(',') || line.includes('\t') ? 'CSV text' : 'text';
}

/** What `head` (a file's first bytes, up to SNIFF_BYTES) holds. */
export function foundIn(head: Uint8Array): { found: Found; words: string } {
  const found = sniffFormat(head);
  return { found, words: found === 'text' ? textKind(head) : FOUND_NAMES[found] };
}
