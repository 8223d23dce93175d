// Finding the model a route names (docs/decisions.md, Training: models).
import { settleTunings } from '../tuning/settle';
import type { Store } from '../../../state/store';
import type { StoredModel, TrainingState } from '../state';
import { modelArchived, modelNotFound } from './errors';
import { settleModels } from './lifecycle';

/** The model, after registering completed jobs' models and deleting expired archives. */
export function modelOr404(state: TrainingState, store: Store, id: string, now: number): StoredModel {
  settleRegistry(state, store, now);
  const m = state.models.find((x) => x.id === id);
  if (!m) throw modelNotFound(id);
  return m;
}

/** Refuses changes to an archived model (it only reads and restores). */
export function assertNotArchived(m: StoredModel): void {
  if (m.archive !== null) throw modelArchived(m.id, m.archive.at, m.archive.delete_at);
}

/**
 * Brings the registry up to `now`: deployments and archives move on the clock, and a tuning job
 * that has ended registers its best trial's model (a read of the models alone must see it).
 */
export function settleRegistry(state: TrainingState, store: Store, now: number): void {
  settleTunings(state, store, now);
  settleModels(state, store, now);
}
