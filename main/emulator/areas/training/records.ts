// The training area's records for the write-ahead log (docs/decisions.md, Persistence):
// `dataset:<id>`, `job:<id>`, `model:<id>`, `experiment:<id>`.
import type { TrainingState } from './state';

const KINDS = { 'dataset:': 'datasets', 'job:': 'jobs', 'model:': 'models', 'experiment:': 'experiments' } as const;
type Prefix = keyof typeof KINDS;

export const trainingRecord = {
  dataset: (id: string) => `dataset:${id}`,
  job: (id: string) => `job:${id}`,
  model: (id: string) => `model:${id}`,
  experiment: (id: string) => `experiment:${id}`,
} as const;

function split(id: string): { list: (typeof KINDS)[Prefix]; key: string } {
  for (const prefix of Object.keys(KINDS) as Prefix[])
    if (id.startsWith(prefix)) return { list: KINDS[prefix], key: id.slice(prefix.length) };
  throw new Error(`no training record ${JSON.stringify(id.slice(0, 100))}`);
}

export function trainingRecordOf(live: TrainingState, id: string): unknown {
  const { list, key } = split(id);
  return (live[list] as ReadonlyArray<{ id: string }>).find((d) => d.id === key);
}

export function applyTrainingRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as TrainingState;
  const { list, key } = split(id);
  const items = (s[list] ??= []) as Array<{ id: string }>;
  const at = items.findIndex((d) => d.id === key);
  if (value === undefined) {
    if (at !== -1) items.splice(at, 1);
  } else if (at === -1) items.push(value as { id: string });
  else items[at] = value as { id: string };
}
