// The Models area's addresses: `/models` (registry), `/models/compare?ids=a,b` (comparison),
// `/models/<id>` and `/models/<id>/<tab>` (detail).
export type ModelTab = 'overview' | 'versions' | 'files' | 'deployments';
export const MODEL_TABS: readonly ModelTab[] = ['overview', 'versions', 'files', 'deployments'];

/** How many models one comparison takes (03-endpoints-training.md, Models: compare). */
export const MODEL_COMPARE_LIMITS = { min: 2, max: 10 } as const;

export type ModelRoute = { kind: 'list' } | { kind: 'compare'; ids: string[] } | { kind: 'detail'; id: string; tab: ModelTab };

export function parseModelRoute(path: string, query: URLSearchParams = new URLSearchParams()): ModelRoute {
  if (path === '/models/compare')
    return {
      kind: 'compare',
      ids: [
        ...new Set(
          (query.get('ids') ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ],
    };
  const m = /^\/models\/([^/]+)(?:\/([^/]+))?/.exec(path);
  if (!m) return { kind: 'list' };
  const tab = MODEL_TABS.includes(m[2] as ModelTab) ? (m[2] as ModelTab) : 'overview';
  return { kind: 'detail', id: decodeURIComponent(m[1]!), tab };
}

export const modelPath = (id: string, tab: ModelTab = 'overview') =>
  `/models/${encodeURIComponent(id)}${tab === 'overview' ? '' : `/${tab}`}`;

export const comparePath = (ids: readonly string[]) => `/models/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
