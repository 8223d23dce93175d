// Reads the avatar upload's multipart form as it arrives (@fastify/multipart's parser, scoped to
// this route: core/routes.ts). The file's type is decided from its first bytes, and a refusal —
// a type that is not an image we take, a file over 5 MB — is thrown at once: reading stops, the
// answer goes out while the client may still be sending, and what it still sends is dropped
// (`dropRest`). At most 5 MB of the file is ever held.
import type { FastifyRequest } from 'fastify';
import { AVATAR_FIELDS, AVATAR_LIMITS } from '../../../../../shared/api/accounts/profile';
import type { EmulatorContext } from '../../../core/context';
import { ApiError, fileTooLarge, invalidFileType, unsupportedMediaType, validationError } from '../../../core/errors';
import { SNIFF_BYTES, sniffType, type CropSquare } from './avatar-image';

/** Room for the form around the file (boundaries, part headers, the crop fields) in a declared Content-Length. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const CROP_FIELDS = [AVATAR_FIELDS.cropX, AVATAR_FIELDS.cropY, AVATAR_FIELDS.cropSize] as const;
/** What is still read and dropped after a refusal, so a client writing its whole body first sees the answer; then the connection closes. */
const DROP_MAX_BYTES = 16 * 1024 * 1024;
const DROP_MAX_MS = 10_000;

export interface AvatarForm {
  file: Buffer;
  crop: CropSquare | null;
}

/** The request's declared body length: null when absent (chunked), Infinity when not a byte count. */
function declaredLength(req: FastifyRequest): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : Infinity;
}

/** The crop square from its three fields, all or none, whole pixels; checked against the image later (avatar-image.ts). */
function cropOf(fields: Map<string, string>): CropSquare | null {
  const given = CROP_FIELDS.filter((f) => fields.has(f));
  if (given.length === 0) return null;
  if (given.length < CROP_FIELDS.length) {
    const missing = CROP_FIELDS.find((f) => !fields.has(f))!;
    throw validationError(missing, `${CROP_FIELDS.join(', ')} go together: give all three or none`);
  }
  const value = (f: (typeof CROP_FIELDS)[number], min: number) => {
    const text = fields.get(f)!;
    const n = Number(text);
    if (!/^\d{1,5}$/.test(text) || n < min || n > AVATAR_LIMITS.maxSide)
      throw validationError(f, `a whole number of pixels from ${min} to ${AVATAR_LIMITS.maxSide}`);
    return n;
  };
  return { x: value(AVATAR_FIELDS.cropX, 0), y: value(AVATAR_FIELDS.cropY, 0), size: value(AVATAR_FIELDS.cropSize, AVATAR_LIMITS.minSide) };
}

/** The multipart plugin's own refusals (limits, a malformed body) in the API's words. */
function formError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const code = (e as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return validationError(AVATAR_FIELDS.file, 'one file per upload');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return validationError('body', `at most the fields ${[AVATAR_FIELDS.file, ...CROP_FIELDS].join(', ')}`);
  return validationError('body', 'a well-formed multipart/form-data body');
}

/**
 * The file and crop fields of the upload. Refused before any byte is read: a body that is not
 * multipart (415 UNSUPPORTED_MEDIA_TYPE) or declares a length past 5 MB and the form around it
 * (413). While reading: a file whose first bytes are no JPEG, PNG or GIF (415 INVALID_FILE_TYPE)
 * or that passes 5 MB (413).
 */
export async function readAvatarForm(req: FastifyRequest): Promise<AvatarForm> {
  if (!req.isMultipart())
    throw unsupportedMediaType(String(req.headers['content-type'] ?? '(none)').slice(0, 100), ['multipart/form-data']);
  const declared = declaredLength(req);
  if (declared !== null && declared > AVATAR_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) throw fileTooLarge(AVATAR_LIMITS.maxBytes, declared);
  const fields = new Map<string, string>();
  let file: Buffer | null = null;
  try {
    const parts = req.parts({
      // One byte past the bound is let through, so the loop below sees the file pass it (the
      // parser itself would only stop passing bytes on and wait for the body's end).
      limits: { fileSize: AVATAR_LIMITS.maxBytes + 1, files: 1, fields: CROP_FIELDS.length, fieldSize: 32, parts: CROP_FIELDS.length + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!(CROP_FIELDS as readonly string[]).includes(part.fieldname))
          throw validationError(
            part.fieldname.slice(0, 100),
            `not a field of the upload (allowed: ${[AVATAR_FIELDS.file, ...CROP_FIELDS].join(', ')})`,
          );
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== AVATAR_FIELDS.file)
        throw validationError(part.fieldname.slice(0, 100), `the file goes in the field ${AVATAR_FIELDS.file}`);
      const chunks: Buffer[] = [];
      let bytes = 0;
      let sniffed = false;
      try {
        for await (const chunk of part.file) {
          bytes += (chunk as Buffer).length;
          if (bytes > AVATAR_LIMITS.maxBytes) throw fileTooLarge(AVATAR_LIMITS.maxBytes, declared ?? bytes);
          chunks.push(chunk as Buffer);
          if (!sniffed && bytes >= SNIFF_BYTES) {
            sniffed = true;
            const { allowed, type } = sniffType(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
            if (allowed === null) throw invalidFileType(AVATAR_LIMITS.allowedTypes, type);
          }
        }
      } finally {
        // Refused or not, what the parser still has of this file is not wanted.
        if (!part.file.readableEnded) part.file.resume();
      }
      file = Buffer.concat(chunks, bytes);
      if (!sniffed) {
        const { allowed, type } = sniffType(file);
        if (allowed === null) throw invalidFileType(AVATAR_LIMITS.allowedTypes, file.length === 0 ? 'empty' : type);
      }
    }
  } catch (e) {
    throw formError(e);
  }
  if (file === null) throw validationError(AVATAR_FIELDS.file, `a file in the multipart field ${AVATAR_FIELDS.file} is required`);
  return { file, crop: cropOf(fields) };
}

/**
 * After a refusal answered while the body is still coming: reads and drops the rest (bounded),
 * so a client that writes its whole body before reading gets the answer, then closes.
 */
export function dropRest(ctx: EmulatorContext, req: FastifyRequest): void {
  const body = req.raw;
  if (body.readableEnded || body.destroyed) return;
  let dropped = 0;
  const close = () => body.destroy();
  const timer = setTimeout(close, DROP_MAX_MS);
  timer.unref();
  ctx.closing.addEventListener('abort', close, { once: true });
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DROP_MAX_BYTES) close();
  });
  body.once('close', () => {
    clearTimeout(timer);
    ctx.closing.removeEventListener('abort', close);
  });
  body.on('error', () => {});
  // The form parser stops taking bytes once refused: this takes them instead.
  body.unpipe();
  body.resume();
}
