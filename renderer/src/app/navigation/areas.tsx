// The areas of the console: one entry per area that exists (later issues add theirs).
// Each loads lazily, so the shell's initial JavaScript stays small.
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
// The area's store (about 1 KB) is in the shell's bundle so its first request leaves as soon
// as the bridge is up, without waiting for the area's code; its views stay lazy.
import { useApiKeys } from '../../features/api-keys/api-keys-store';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

export interface Area {
  id: string;
  path: string;
  label: string;
  /** Short description for the command palette. */
  description: string;
  icon: ReactElement;
  /** Starts fetching the area's code and first data (idempotent), while the shell starts. */
  preload(): Promise<unknown>;
  component: LazyExoticComponent<ComponentType>;
}

function lazyArea(load: () => Promise<{ default: ComponentType }>, prefetch?: () => Promise<unknown>): Pick<Area, 'preload' | 'component'> {
  return { preload: () => Promise.all([load(), prefetch?.()]), component: lazy(load) };
}

const prefetchClusters = () => import('../../features/clusters/clusters-store').then((m) => m.useClusters.getState().ensureLoaded());

export const areas: Area[] = [
  {
    id: 'api-keys',
    path: '/api-keys',
    label: 'API keys',
    description: 'Create, rotate and revoke keys; see their usage',
    icon: <KeyOutlined fontSize="small" />,
    ...lazyArea(
      () => import('../../features/api-keys/ApiKeysPage'),
      () => useApiKeys.getState().ensureLoaded(),
    ),
  },
  {
    id: 'clusters',
    path: '/clusters',
    label: 'Clusters',
    description: 'GPU clusters: status, cost, proxy and ports, secrets; stop and restart',
    icon: <DnsOutlined fontSize="small" />,
    // The list's first request leaves alongside the page's code, not after it, whether the
    // area is opened at start (preload) or later (the lazy component's first load).
    ...lazyArea(() => {
      void prefetchClusters();
      return import('../../features/clusters/ClustersPage');
    }, prefetchClusters),
  },
  {
    id: 'templates',
    path: '/templates',
    label: 'Templates',
    description: 'Reusable cluster templates: image, resources, ports, startup script',
    icon: <WidgetsOutlined fontSize="small" />,
    ...lazyArea(() => import('../../features/templates/TemplatesPage')),
  },
];

export const defaultArea = areas[0]!;

export function areaForPath(path: string): Area | undefined {
  return areas.find((a) => path === a.path || path.startsWith(`${a.path}/`));
}
