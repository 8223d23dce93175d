// Addresses one feature links into another by (features do not import each other): the log
// window of some sources, a cluster's metrics at a moment for a GPU. Each is read back by the
// feature it opens, with the parameter names kept here.

/** `#/logs?src=cluster:<id>,endpoint:<id>`: a log window following these sources. */
export const LOG_WINDOW_PATH = '/logs';
export const LOG_SOURCES_PARAM = 'src';
/** `&at=<ISO time>`: the window starts at that moment (a metric's minute) instead of following the newest lines. */
export const LOG_AT_PARAM = 'at';

export interface LinkedLogSource {
  kind: 'cluster' | 'endpoint';
  id: string;
}

export function logWindowPath(sources: readonly LinkedLogSource[], at?: number): string {
  const src = sources.map((s) => `${s.kind}:${s.id}`).join(',');
  const query = new URLSearchParams({ [LOG_SOURCES_PARAM]: src });
  if (at !== undefined) query.set(LOG_AT_PARAM, new Date(at).toISOString());
  return `${LOG_WINDOW_PATH}?${query.toString()}`;
}

/** `#/clusters/<id>/metrics?at=<ISO time>&gpu=<gpu id>`: the dashboard around that moment, that GPU alone. */
export const METRICS_AT_PARAM = 'at';
export const METRICS_GPU_PARAM = 'gpu';

export function metricsAtPath(clusterId: string, at: number, gpu: string | null): string {
  const query = new URLSearchParams({ [METRICS_AT_PARAM]: new Date(at).toISOString() });
  if (gpu) query.set(METRICS_GPU_PARAM, gpu);
  return `/clusters/${encodeURIComponent(clusterId)}/metrics?${query.toString()}`;
}

// Web mode names the tab a link opens (open-window.ts) by what it shows, so that the next link
// to the same thing shows it there instead of opening another tab: a chart's click reuses the
// log tab of that source, a log line's link the metrics tab it opened before. A log tab names
// itself after its sources (and renames itself when they change).

/** The tab of the log window following exactly these sources. */
export function logWindowName(sources: readonly LinkedLogSource[]): string {
  return sources.length === 0 ? '' : `gpc-logs:${sources.map((s) => `${s.kind}:${s.id}`).join(',')}`;
}

/** The tab showing a cluster's metrics that a log window opened. */
export function metricsWindowName(clusterId: string): string {
  return `gpc-metrics:${clusterId}`;
}
