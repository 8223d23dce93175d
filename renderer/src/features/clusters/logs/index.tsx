// The log window as the shell sees it: a window of its own (no navigation chrome), opened
// from a cluster's or an endpoint's detail and from the palette. It merges clusters' and
// endpoints' logs, and belongs to the clusters area, where most of it is at home: a cluster's
// metrics open it at a moment and a line's GPU opens them back, and whole-log download is the
// clusters document's. Every area, endpoints included, opens it through its address
// (platform/navigation/links.ts) and imports none of it.
import Article from '@mui/icons-material/Article';
import { parseHash } from '../../../platform/navigation/hash-router';
import { LOG_WINDOW_PATH, type LinkedLogSource } from '../../../platform/navigation/links';
import { openLogWindow, openWindow } from '../../../platform/navigation/open-window';
import type { Feature, FeatureCommand } from '../../feature';

/** The cluster or endpoint whose page is open (`/clusters/<id>…`, `/endpoints/<id>…`). */
function sourceOfPath(path: string): LinkedLogSource | null {
  const m = /^\/(clusters|endpoints)\/([^/]+)/.exec(path);
  if (!m) return null;
  return { kind: m[1] === 'clusters' ? 'cluster' : 'endpoint', id: decodeURIComponent(m[2]!) };
}

export const feature: Feature = {
  id: 'logs',
  area: 'clusters',
  path: LOG_WINDOW_PATH,
  label: 'Logs',
  description: 'Log tailing window: follow, filter and merge the logs of clusters and endpoints',
  icon: <Article fontSize="small" />,
  window: true,
  page: () => import('./LogsPage'),
  // Read when the palette opens: the logs of the cluster or endpoint that is open, or a new window.
  get commands(): FeatureCommand[] {
    if (typeof window === 'undefined') return [];
    const source = sourceOfPath(parseHash(window.location.hash).path);
    return [
      source
        ? {
            id: 'logs:open',
            group: 'Logs',
            title: `${source.kind === 'cluster' ? 'Cluster' : 'Endpoint'}: open logs in a new window`,
            icon: <Article fontSize="small" />,
            run: () => void openLogWindow([source]),
          }
        : {
            id: 'logs:open',
            group: 'Logs',
            title: 'Open a log window',
            icon: <Article fontSize="small" />,
            run: () => void openWindow(LOG_WINDOW_PATH),
          },
    ];
  },
};
