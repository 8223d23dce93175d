// The endpoint area's records for the write-ahead log (docs/decisions.md, Persistence):
// `endpoint:<id>`, `batch:<id>` and `meta` (the batch counter).
import type { EndpointsState, StoredBatch, StoredEndpoint } from './state';

const ENDPOINT = 'endpoint:';
const BATCH = 'batch:';
const META = 'meta';

export const endpointRecord = {
  endpoint: (id: string) => `${ENDPOINT}${id}`,
  batch: (id: string) => `${BATCH}${id}`,
  meta: META,
} as const;

function put<T extends { id: string }>(list: T[], id: string, value: T | undefined): void {
  const at = list.findIndex((x) => x.id === id);
  if (value === undefined) {
    if (at !== -1) list.splice(at, 1);
  } else if (at === -1) list.push(value);
  else list[at] = value;
}

export function endpointsRecord(live: EndpointsState, id: string): unknown {
  if (id === META) return { batch_seq: live.batch_seq };
  if (id.startsWith(ENDPOINT)) return live.endpoints.find((e) => e.id === id.slice(ENDPOINT.length));
  if (id.startsWith(BATCH)) return live.batches.find((b) => b.id === id.slice(BATCH.length));
  throw new Error(`no endpoints record ${JSON.stringify(id.slice(0, 100))}`);
}

export function applyEndpointsRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as EndpointsState;
  if (id === META) {
    if (value !== undefined) s.batch_seq = (value as { batch_seq: number }).batch_seq;
    return;
  }
  if (id.startsWith(ENDPOINT)) return put(s.endpoints, id.slice(ENDPOINT.length), value as StoredEndpoint | undefined);
  if (id.startsWith(BATCH)) return put(s.batches, id.slice(BATCH.length), value as StoredBatch | undefined);
  throw new Error(`no endpoints record ${JSON.stringify(id.slice(0, 100))}`);
}
