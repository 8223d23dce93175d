// What the training area bills (core/metering.ts): each job's running spans at its workers × its
// GPU's hourly price, as the job's own usage counts it; and what it stores — every version of a
// dataset and of a model, from when it was made until it is deleted (what deleted ones stored is
// kept: removed-storage.ts) — at the storage price per GB-hour.
import { STORAGE_GB_HOURLY_PRICE } from '../../../../shared/api/clusters/common';
import { TRAINING_GPUS } from '../../../../shared/api/training/catalog';
import type { Metered } from '../../core/metering';
import type { Store } from '../../state/store';
import { runOf } from './events';
import { trainingState } from './state';
import { modelResource } from './transfer';
import { versionsOf } from './models/lifecycle';

const GB = 1e9;

export function* trainingMetering(store: Store): Iterable<Metered> {
  const s = trainingState(store);
  for (const job of s.jobs) {
    const resource = {
      type: 'training_job' as const,
      id: job.id,
      name: job.name,
      region: null,
      gpuType: TRAINING_GPUS[job.gpu_type].usageType,
      createdBy: job.created_by ?? null,
    };
    const usdPerHour = job.workers * TRAINING_GPUS[job.gpu_type].hourlyPrice;
    for (const r of runOf(job).runningStretches())
      yield { resource, service: 'compute', start: r.start, end: r.end, usdPerHour, gpus: job.workers, gb: 0 };
  }
  for (const d of s.datasets) {
    const resource = { type: 'dataset' as const, id: d.id, name: d.name, region: null, gpuType: null, createdBy: d.created_by ?? null };
    for (const v of d.versions) yield stored(resource, v.created_at, null, v.size);
  }
  for (const m of s.models) {
    const resource = modelResource(m);
    // An archived model is stored until its retention ends (a restore clears it).
    const end = m.archive?.delete_at ?? null;
    for (const v of versionsOf(m)) yield stored(resource, v.created_at, end, v.size.bytes);
  }
  // What deleted ones stored until they went.
  for (const r of s.removed_storage) {
    const resource = { type: r.type, id: r.id, name: r.name, region: null, gpuType: null, createdBy: r.created_by };
    for (const v of r.versions) yield stored(resource, v.created_at, r.removed_at, v.bytes);
  }
}

function stored(resource: Metered['resource'], start: number, end: number | null, bytes: number): Metered {
  const gb = bytes / GB;
  return { resource, service: 'storage', start, end, usdPerHour: gb * STORAGE_GB_HOURLY_PRICE, gpus: 0, gb };
}
