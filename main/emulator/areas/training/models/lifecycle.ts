// A model's state at a simulated instant (docs/decisions.md, Training: models): deployments are
// `deploying` until their ready time and `active` after, a model is `deployed` while one is
// active, `archived` while archived, and gone once the clock passes its retention — all computed
// when read, the deletion made the first time anything reads the models after that instant.
import type { Store } from '../../../state/store';
import { trainingRecord } from '../records';
import { AREA, type StoredDeployment, type StoredModel, type StoredModelVersion, type TrainingState } from '../state';
import { settleJobs } from './register';
import { keepRemovedStorage } from '../removed-storage';

export function deploymentStatus(d: StoredDeployment, now: number): 'deploying' | 'active' | 'stopped' {
  if (d.stopped_at !== null && d.stopped_at <= now) return 'stopped';
  return now < d.ready_at ? 'deploying' : 'active';
}

export function modelStatus(m: StoredModel, now: number): StoredModel['status'] {
  if (m.archive !== null) return 'archived';
  if (m.deployments.some((d) => deploymentStatus(d, now) === 'active')) return 'deployed';
  return m.status;
}

/** The versions, oldest first; a record made before versions existed reads as its one version. */
export function versionsOf(m: StoredModel): StoredModelVersion[] {
  if (m.versions.length > 0) return m.versions;
  return [
    {
      version: m.version,
      training_job_id: m.training_job_id,
      dataset_id: m.dataset_id,
      description: m.description,
      changelog: [],
      base_model: m.base_model,
      architecture: m.architecture,
      training: m.training,
      size: m.size,
      metrics: m.metrics,
      files: m.files,
      content_key: m.id,
      derived_from: null,
      created_at: m.created_at,
    },
  ];
}

export const latestVersion = (m: StoredModel): StoredModelVersion => versionsOf(m).at(-1)!;

/** Deletes the archived models whose retention has passed by `now`; whether any was. */
function purgeExpired(state: TrainingState, store: Store | null, now: number): boolean {
  const gone = state.models.filter((m) => m.archive !== null && m.archive.delete_at <= now);
  if (gone.length === 0) return false;
  state.models = state.models.filter((m) => !gone.includes(m));
  for (const m of gone) {
    store?.touch(AREA, trainingRecord.model(m.id));
    // Stored until its retention ended, whenever a read deletes it.
    keepRemovedStorage(state, store, {
      type: 'model',
      id: m.id,
      name: m.name,
      created_by: m.created_by ?? null,
      removed_at: m.archive!.delete_at,
      versions: versionsOf(m).map((v) => ({ created_at: v.created_at, bytes: v.size.bytes })),
    });
  }
  return true;
}

/** What model reads do first: register the models of completed jobs, delete the expired archived ones. */
export function settleModels(state: TrainingState, store: Store | null, now: number): void {
  settleJobs(state, store, now);
  purgeExpired(state, store, now);
}
