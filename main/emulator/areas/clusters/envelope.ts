// The cluster success envelope `{success: true, data, meta: {request_id, ...}}` (02-clusters.md).
export function ok<D, M extends object = object>(data: D, requestId: string, meta?: M) {
  return { success: true as const, data, meta: { request_id: requestId, ...meta } as { request_id: string } & M };
}

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The members of a partial update that were given. */
export function stripUndefined<T extends object>(o: T): { [K in keyof T]-?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]-?: Exclude<T[K], undefined> };
}
