// The avatar upload channels of the bridge (docs/decisions.md, Profile: console). The renderer
// hands the picked file to main in chunks (the web-mode WebSocket takes 1 MiB messages at most)
// and learns its progress from each chunk's answer; main sends the whole form to the API with
// the profile's key, which never reaches the renderer, and reads the new avatar back as a data
// URL (the console's Content-Security-Policy shows images from itself and data: only).
import { z } from 'zod';
import { AVATAR_LIMITS, AvatarUploadResponse } from '../api/accounts/profile';
import { UPLOAD_CHUNK_BYTES } from './dataset-uploads';

const AvatarUploadId = z.string().regex(/^av_[A-Za-z0-9]{16}$/);
const Pixels = z.number().int().min(0).max(AVATAR_LIMITS.maxSide);

export const AvatarUploadBeginRequest = z.strictObject({
  name: z.string().min(1).max(255),
  size: z
    .number()
    .int()
    .min(1)
    .max(AVATAR_LIMITS.maxBytes, `at most ${AVATAR_LIMITS.maxBytes / 1024 / 1024} MB`),
  /** The crop square in pixels of the upright image (API fields crop_x, crop_y, crop_size); null: the centred square. */
  crop: z.strictObject({ x: Pixels, y: Pixels, size: Pixels.min(AVATAR_LIMITS.minSide) }).nullable(),
});
export type AvatarUploadBeginRequest = z.input<typeof AvatarUploadBeginRequest>;

const AvatarUploadBegin = z.object({ uploadId: AvatarUploadId, chunkBytes: z.number().int().min(1) });

const AvatarUploadChunkRequest = z.strictObject({
  uploadId: AvatarUploadId,
  /** Where the chunk starts in the file: chunks come in order, each right after the last. */
  offset: z.number().int().min(0).max(AVATAR_LIMITS.maxBytes),
  data: z
    .instanceof(Uint8Array)
    .refine((b) => b.byteLength >= 1 && b.byteLength <= UPLOAD_CHUNK_BYTES, `a chunk is 1 to ${UPLOAD_CHUNK_BYTES} bytes`),
});

export const AvatarUploadProgress = z.object({
  size: z.number().int(),
  /** Bytes main holds; once it is the whole file the form goes to the API and the answer comes with the last chunk's. */
  received: z.number().int(),
  /** The API's answer and the new avatar as a data URL, once the last chunk was sent and the avatar processed. */
  result: AvatarUploadResponse.extend({ image: z.string() }).nullable(),
});
export type AvatarUploadProgress = z.infer<typeof AvatarUploadProgress>;

export const avatarUploadChannels = {
  'profile:avatarBegin': { request: AvatarUploadBeginRequest, response: AvatarUploadBegin },
  'profile:avatarChunk': { request: AvatarUploadChunkRequest, response: AvatarUploadProgress },
  /** An avatar address the API answered, read through main's host check, as a data URL. */
  'profile:avatarImage': {
    request: z.strictObject({ url: z.string().max(2048) }),
    response: z.object({ image: z.string() }),
  },
} as const;
