// The training area's records for the write-ahead log (docs/decisions.md, Persistence):
// `dataset:<id>`.
import type { StoredDataset, TrainingState } from './state';

const DATASET = 'dataset:';

export const trainingRecord = { dataset: (id: string) => `${DATASET}${id}` } as const;

export function trainingRecordOf(live: TrainingState, id: string): unknown {
  if (id.startsWith(DATASET)) return live.datasets.find((d) => d.id === id.slice(DATASET.length));
  throw new Error(`no training record ${JSON.stringify(id.slice(0, 100))}`);
}

export function applyTrainingRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as TrainingState;
  if (!id.startsWith(DATASET)) throw new Error(`no training record ${JSON.stringify(id.slice(0, 100))}`);
  const key = id.slice(DATASET.length);
  const at = s.datasets.findIndex((d) => d.id === key);
  if (value === undefined) {
    if (at !== -1) s.datasets.splice(at, 1);
  } else if (at === -1) s.datasets.push(value as StoredDataset);
  else s.datasets[at] = value as StoredDataset;
}
