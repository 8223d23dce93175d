// Where processed avatars are kept: files under the data folder (`avatars/<id>.png`) when the
// emulator has one, else memory, bounded (MEMORY_MAX: the oldest goes first). Each upload has a
// new id, so an address never changes content (served as immutable) and the replaced one is removed.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmulatorContext } from '../../../core/context';
import { randomBase62 } from '../../../core/ids';

/** The public path avatars are served under (avatar-host.ts), outside the API and its keys. */
export const AVATAR_PREFIX = '/_avatars';
/** Avatars an in-memory emulator keeps (at most ~1 MB each): past it the oldest upload is dropped and its address 404s. */
const MEMORY_MAX = 256;
const ID = /^ava_[A-Za-z0-9]{16}$/;

interface AvatarStore {
  put(id: string, png: Buffer): Promise<void>;
  /** The image, or null when there is none under this id. */
  get(id: string): Promise<Buffer | null>;
  remove(id: string): Promise<void>;
}

export const newAvatarId = () => `ava_${randomBase62(16)}`;
export const isAvatarId = (id: string) => ID.test(id);
export const avatarAddress = (origin: string, id: string) => `${origin}${AVATAR_PREFIX}/${id}.png`;

function memoryStore(): AvatarStore {
  const images = new Map<string, Buffer>();
  return {
    async put(id, png) {
      images.set(id, png);
      // A Map iterates in insertion order: the first key is the oldest upload.
      while (images.size > MEMORY_MAX) images.delete(images.keys().next().value!);
    },
    async get(id) {
      return images.get(id) ?? null;
    },
    async remove(id) {
      images.delete(id);
    },
  };
}

function diskStore(dataDir: string): AvatarStore {
  const dir = join(dataDir, 'avatars');
  const file = (id: string) => join(dir, `${id}.png`);
  return {
    async put(id, png) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const tmp = `${file(id)}.tmp`;
      await writeFile(tmp, png);
      await rename(tmp, file(id));
    },
    async get(id) {
      try {
        return await readFile(file(id));
      } catch {
        return null;
      }
    },
    async remove(id) {
      await rm(file(id), { force: true });
    },
  };
}

const stores = new WeakMap<EmulatorContext, AvatarStore>();

export function avatarsOf(ctx: EmulatorContext): AvatarStore {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = ctx.dataDir === null ? memoryStore() : diskStore(ctx.dataDir)));
  return store;
}
