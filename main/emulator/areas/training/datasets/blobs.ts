// Each emulator's blob store: on disk under its data folder, else in memory (blob-store.ts).
import type { EmulatorContext } from '../../../core/context';
import { diskBlobStore, memoryBlobStore, type BlobStore } from './blob-store';

const stores = new WeakMap<EmulatorContext, BlobStore>();

export function blobsOf(ctx: EmulatorContext): BlobStore {
  let store = stores.get(ctx);
  if (store === undefined) {
    store = ctx.dataDir === null ? memoryBlobStore() : diskBlobStore(ctx.dataDir);
    stores.set(ctx, store);
  }
  return store;
}
