// Avatar uploads through the bridge (docs/decisions.md, Profile: console): `begin` opens a
// session for a file of at most 5 MB, `chunk` takes its bytes in order and, with the last one,
// sends the whole form to the API (`profile.avatar`, the profile's key added by the gateway)
// and reads the new avatar back (`image`) through the gateway's host path, as a data URL. Main
// holds one file per session, 5 MB at most, and forgets sessions left idle.
import { randomBytes } from 'node:crypto';
import { AVATAR_FIELDS, AVATAR_LIMITS, AvatarUploadResponse } from '../../shared/api/accounts/profile';
import { localError } from '../../shared/api/local-errors';
import type { AvatarUploadBeginRequest, AvatarUploadProgress } from '../../shared/ipc/avatar-uploads';
import { UPLOAD_CHUNK_BYTES } from '../../shared/ipc/dataset-uploads';
import { BridgeError, invalidRequest } from '../../shared/ipc/dispatch';
import type { Gateway } from '../gateway/index';

const IDLE_MS = 5 * 60_000;
/** Sessions open at once (each holds up to 5 MB): a window opens one at a time. */
const SESSIONS_MAX = 4;
/** The largest image read back (a 512 px PNG is well under 1 MB). */
const IMAGE_MAX_BYTES = 4 * 1024 * 1024;

interface Session {
  id: string;
  name: string;
  size: number;
  crop: AvatarUploadBeginRequest['crop'];
  chunks: Uint8Array[];
  received: number;
  idle: ReturnType<typeof setTimeout>;
  busy: boolean;
}

export interface AvatarUploads {
  begin(request: AvatarUploadBeginRequest): Promise<{ uploadId: string; chunkBytes: number }>;
  chunk(uploadId: string, offset: number, data: Uint8Array): Promise<AvatarUploadProgress>;
  image(url: string): Promise<{ image: string }>;
  close(): void;
}

const sessionGone = (uploadId: string) =>
  new BridgeError(
    localError('INVALID_REQUEST', 'This avatar upload is no longer under way (it finished, failed or sat idle too long).', {
      details: { uploadId },
    }),
  );

export function createAvatarUploads(gateway: Pick<Gateway, 'call' | 'host'>): AvatarUploads {
  const sessions = new Map<string, Session>();
  const drop = (s: Session) => {
    clearTimeout(s.idle);
    sessions.delete(s.id);
  };
  const idleTimer = (s: Session) => {
    const t = setTimeout(() => drop(s), IDLE_MS);
    t.unref?.();
    return t;
  };

  const image = async (url: string) => {
    const answer = await gateway.host({ method: 'GET', url, token: null, address: 'avatar address', accept: 'image/png' });
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    const reader = answer.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      bytes += next.value.byteLength;
      if (bytes > IMAGE_MAX_BYTES) {
        await reader.cancel();
        throw invalidRequest('The avatar image is larger than an avatar can be');
      }
      chunks.push(next.value);
    }
    const type = /^image\/(png|jpeg|gif)$/.test(answer.contentType) ? answer.contentType : 'image/png';
    return { image: `data:${type};base64,${Buffer.concat(chunks).toString('base64')}` };
  };

  /** The whole file as the API's multipart form: the crop fields first, then the file. */
  const send = async (s: Session) => {
    const form = new FormData();
    if (s.crop) {
      form.append(AVATAR_FIELDS.cropX, String(s.crop.x));
      form.append(AVATAR_FIELDS.cropY, String(s.crop.y));
      form.append(AVATAR_FIELDS.cropSize, String(s.crop.size));
    }
    // The declared type says nothing to the API (it reads the content); octet-stream is honest.
    form.append(AVATAR_FIELDS.file, new Blob(s.chunks as BlobPart[], { type: 'application/octet-stream' }), s.name);
    const answer = AvatarUploadResponse.parse((await gateway.call('profile.avatar', { body: form })).data);
    return { ...answer, ...(await image(answer.avatar)) };
  };

  return {
    async begin(request) {
      if (request.size > AVATAR_LIMITS.maxBytes) throw invalidRequest('The file is larger than 5 MB');
      if (sessions.size >= SESSIONS_MAX) throw invalidRequest('Too many avatar uploads are under way');
      const id = `av_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`;
      const s: Session = {
        id,
        name: request.name,
        size: request.size,
        crop: request.crop,
        chunks: [],
        received: 0,
        busy: false,
        idle: undefined!,
      };
      s.idle = idleTimer(s);
      sessions.set(id, s);
      return { uploadId: id, chunkBytes: UPLOAD_CHUNK_BYTES };
    },
    async chunk(uploadId, offset, data) {
      const s = sessions.get(uploadId);
      if (!s) throw sessionGone(uploadId);
      if (s.busy) throw invalidRequest('The previous chunk is still being handled');
      if (offset !== s.received) throw invalidRequest(`Chunks come in order: the next starts at byte ${s.received}`);
      if (s.received + data.byteLength > s.size) throw invalidRequest(`The file was announced as ${s.size} bytes`);
      clearTimeout(s.idle);
      s.chunks.push(data);
      s.received += data.byteLength;
      if (s.received < s.size) {
        s.idle = idleTimer(s);
        return { size: s.size, received: s.received, result: null };
      }
      s.busy = true;
      try {
        return { size: s.size, received: s.received, result: await send(s) };
      } finally {
        drop(s);
      }
    },
    image,
    close() {
      for (const s of [...sessions.values()]) drop(s);
    },
  };
}
