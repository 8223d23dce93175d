// The Experiments area's addresses: `/experiments` (the list), `/experiments/<id>` (one
// experiment) and `/experiments/<id>/compare?runs=run_a,run_b` (the comparison of its runs).

export type ExperimentRoute = { view: 'list' } | { view: 'detail'; id: string } | { view: 'compare'; id: string };

export function experimentRoute(path: string): ExperimentRoute {
  const m = /^\/experiments\/([^/]+)(?:\/([^/]+))?/.exec(path);
  if (!m) return { view: 'list' };
  const id = decodeURIComponent(m[1]!);
  return m[2] === 'compare' ? { view: 'compare', id } : { view: 'detail', id };
}

export const experimentPath = (id: string) => `/experiments/${encodeURIComponent(id)}`;
export const comparePath = (id: string, runIds: readonly string[]) =>
  `${experimentPath(id)}/compare${runIds.length > 0 ? `?runs=${runIds.map(encodeURIComponent).join(',')}` : ''}`;
