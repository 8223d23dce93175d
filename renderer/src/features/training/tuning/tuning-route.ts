// The tuning area's addresses: `/tuning` (the list; `?start=<training job id>` opens the start
// dialog on that job) and `/tuning/<training job id>/<tuning job id>` (one tuning job).
export type TuningRoute = { kind: 'list' } | { kind: 'detail'; jobId: string; tuneId: string };

export function tuningRoute(path: string): TuningRoute | null {
  if (path === '/tuning') return { kind: 'list' };
  const m = /^\/tuning\/([^/]+)\/([^/]+)$/.exec(path);
  if (!m) return null;
  return { kind: 'detail', jobId: decodeURIComponent(m[1]!), tuneId: decodeURIComponent(m[2]!) };
}

export const tuningPath = (jobId: string, tuneId: string) => `/tuning/${encodeURIComponent(jobId)}/${encodeURIComponent(tuneId)}`;
