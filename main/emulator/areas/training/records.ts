// The training area's records for the write-ahead log (docs/decisions.md, Persistence):
// `dataset:<id>`, `job:<id>`, `model:<id>`, `tune:<id>`, `experiment:<id>`, and
// `removed:<dataset or model id>` (what a deleted one had stored), and
// `transfer:<resource id>:<hour ms>` (one bin of the downloads' ledger, core/transfer.ts).
import { isTransferKey, putTransferBin, transferBin, type StoredTransferBin } from '../../core/transfer';
import type { TrainingState } from './state';

const KINDS = {
  'dataset:': 'datasets',
  'job:': 'jobs',
  'model:': 'models',
  'tune:': 'tunings',
  'experiment:': 'experiments',
  'removed:': 'removed_storage',
} as const;
type Prefix = keyof typeof KINDS;
const TRANSFER = 'transfer:';

export const trainingRecord = {
  dataset: (id: string) => `dataset:${id}`,
  job: (id: string) => `job:${id}`,
  model: (id: string) => `model:${id}`,
  tune: (id: string) => `tune:${id}`,
  experiment: (id: string) => `experiment:${id}`,
  removed: (id: string) => `removed:${id}`,
  /** `key`: core/transfer.ts transferKey. */
  transfer: (key: string) => `${TRANSFER}${key}`,
} as const;

/** The ledger key a record id names, or null for the other records. */
const transferKeyOf = (id: string) =>
  id.startsWith(TRANSFER) && isTransferKey(id.slice(TRANSFER.length)) ? id.slice(TRANSFER.length) : null;

function split(id: string): { list: (typeof KINDS)[Prefix]; key: string } {
  for (const prefix of Object.keys(KINDS) as Prefix[])
    if (id.startsWith(prefix)) return { list: KINDS[prefix], key: id.slice(prefix.length) };
  throw new Error(`no training record ${JSON.stringify(id.slice(0, 100))}`);
}

export function trainingRecordOf(live: TrainingState, id: string): unknown {
  const transfer = transferKeyOf(id);
  if (transfer !== null) return transferBin(live.transfers, transfer);
  const { list, key } = split(id);
  return (live[list] as ReadonlyArray<{ id: string }>).find((d) => d.id === key);
}

export function applyTrainingRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as TrainingState;
  const transfer = transferKeyOf(id);
  if (transfer !== null) return putTransferBin((s.transfers ??= []), transfer, value as StoredTransferBin | undefined);
  const { list, key } = split(id);
  const items = (s[list] ??= []) as Array<{ id: string }>;
  const at = items.findIndex((d) => d.id === key);
  if (value === undefined) {
    if (at !== -1) items.splice(at, 1);
  } else if (at === -1) items.push(value as { id: string });
  else items[at] = value as { id: string };
}
