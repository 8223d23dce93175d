// What an uploaded avatar becomes: its type read from its first bytes (never its name or
// declared type), decoded with sharp, turned upright (EXIF orientation), checked for 100–2048
// px a side, cropped to a square (the centred one, or the one the request names, in pixels of
// the upright image) and resized to a fixed 512 px PNG. Decoding runs on sharp's own threads
// (libuv's pool), off the event loop; `processing` bounds how many run at once.
import sharp, { type Metadata } from 'sharp';
import { AVATAR_FIELDS, AVATAR_LIMITS } from '../../../../../shared/api/accounts/profile';
import { validationError } from '../../../core/errors';

export type AllowedType = (typeof AVATAR_LIMITS.allowedTypes)[number];

/** Enough of the start of a file to tell its type. */
export const SNIFF_BYTES = 16;

const startsWith = (b: Uint8Array, bytes: readonly number[]) => bytes.every((x, i) => b[i] === x);
const ascii = (b: Uint8Array, from: number, text: string) => [...text].every((c, i) => b[from + i] === c.charCodeAt(0));

/**
 * The media type of a file from its first bytes: one of the allowed types, or what it looks
 * like otherwise (for the refusal's `receivedType`): a few known formats, text, or octet-stream.
 */
export function sniffType(head: Uint8Array): { allowed: AllowedType | null; type: string } {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { allowed: 'image/jpeg', type: 'image/jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { allowed: 'image/png', type: 'image/png' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return { allowed: 'image/gif', type: 'image/gif' };
  const other = (type: string) => ({ allowed: null, type });
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return other('image/webp');
  if (ascii(head, 0, 'BM')) return other('image/bmp');
  if (ascii(head, 4, 'ftyp')) return other(ascii(head, 8, 'heic') || ascii(head, 8, 'avif') ? 'image/heif' : 'video/mp4');
  if (ascii(head, 0, '%PDF')) return other('application/pdf');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return other('application/zip');
  if (ascii(head, 0, '<svg') || ascii(head, 0, '<?xml')) return other('image/svg+xml');
  // Text: no control bytes besides tab, line feed and carriage return (UTF-8 bytes above 0x7f allowed).
  if (head.length > 0 && head.every((c) => c >= 0x20 || c === 0x09 || c === 0x0a || c === 0x0d)) return other('text/plain');
  return other('application/octet-stream');
}

/** A crop square in pixels of the upright image. */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

/** At most this many avatars are decoded at once; more wait their turn (each holds up to ~16 MB of pixels). */
const PROCESSING_MAX = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function processing<T>(f: () => Promise<T>): Promise<T> {
  if (running >= PROCESSING_MAX) await new Promise<void>((resume) => waiting.push(resume));
  running++;
  try {
    return await f();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const field = AVATAR_FIELDS.file;
const { minSide, maxSide, outputSide } = AVATAR_LIMITS;

/** The square to keep: the one asked for, checked against the upright image, or the centred one. */
function squareOf(width: number, height: number, crop: CropSquare | null): CropSquare {
  if (crop === null) {
    const size = Math.min(width, height);
    return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
  }
  if (crop.x + crop.size > width || crop.y + crop.size > height)
    throw validationError(
      AVATAR_FIELDS.cropSize,
      `the crop square (${crop.x}, ${crop.y}, ${crop.size} px) must lie inside the upright image of ${width}×${height} px`,
    );
  return crop;
}

/** The stored avatar: a `outputSide`-px square PNG of the file. Refusals name the field and the rule. */
export function avatarImage(file: Buffer, crop: CropSquare | null): Promise<Buffer> {
  return processing(async () => {
    // The header first: the sides are known before any pixel is decoded (a 30,000 px image is refused unread).
    let meta: Metadata;
    try {
      meta = await sharp(file, { animated: false }).metadata();
    } catch {
      throw validationError(field, 'the image could not be decoded (a damaged or incomplete file)');
    }
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (width === undefined || height === undefined) throw validationError(field, 'the image has no size');
    if (width < minSide || height < minSide || width > maxSide || height > maxSide)
      throw validationError(field, `each side must be ${minSide} to ${maxSide} pixels; this image is ${width}×${height}`);
    const square = squareOf(width, height, crop);
    try {
      return await sharp(file, { animated: false, failOn: 'error' })
        .autoOrient()
        .extract({ left: square.x, top: square.y, width: square.size, height: square.size })
        .resize(outputSide, outputSide)
        .png()
        .toBuffer();
    } catch {
      throw validationError(field, 'the image could not be decoded (a damaged or incomplete file)');
    }
  });
}
