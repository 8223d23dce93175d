// Dataset storage by plan (docs/decisions.md, Training: datasets — the documents show no
// storage quota): what the datasets hold, what multipart uploads under way have reserved, and
// the room left.
import type { EmulatorContext } from '../../../core/context';
import { trainingState, type TrainingState } from '../state';
import { blobsOf } from './blobs';
import { MEMORY_BLOBS_MAX } from './blob-store';

/** Bytes of dataset storage per plan (decimal units, as storage is billed). */
const PLAN_STORAGE_BYTES = { free: 10e9, pro: 100e9, enterprise: 1e12 } as const;

function storageUsed(state: TrainingState, now: number): number {
  let used = 0;
  for (const d of state.datasets) {
    for (const v of d.versions) used += v.size;
    // An expired upload can never complete: its reservation is released.
    if (d.upload?.multipart && now < d.upload.expires_at) used += d.upload.multipart.size;
  }
  return used;
}

export interface Quota {
  plan: string;
  limit: number;
  used: number;
  room: number;
}

export function quotaOf(ctx: EmulatorContext): Quota {
  const plan = ctx.directory().organization().plan;
  // An emulator without a data folder keeps uploads in memory: its room is bounded by that too.
  const limit = blobsOf(ctx).kind === 'memory' ? Math.min(PLAN_STORAGE_BYTES[plan], MEMORY_BLOBS_MAX) : PLAN_STORAGE_BYTES[plan];
  const used = storageUsed(trainingState(ctx.store), ctx.clock.now());
  return { plan, limit, used, room: Math.max(0, limit - used) };
}
