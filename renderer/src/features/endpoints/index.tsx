// The endpoints feature as the shell sees it.
import CloudQueue from '@mui/icons-material/CloudQueue';
import Tune from '@mui/icons-material/Tune';
import { navigate, parseHash } from '../../app/navigation/hash-router';
import { useIntents } from '../../app/navigation/intents';
import type { Feature, FeatureCommand } from '../feature';

export const feature: Feature = {
  id: 'endpoints',
  path: '/endpoints',
  label: 'Endpoints',
  description: 'Serverless endpoints: health report, readiness and liveness, configuration and its rollout',
  icon: <CloudQueue fontSize="small" />,
  page: () => import('./EndpointsPage'),
  prefetch: () => import('./endpoints-store').then((m) => m.useEndpoints.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchEndpoints()),
  // Read when the palette opens: the configure command is for the endpoint that is open.
  get commands(): FeatureCommand[] {
    if (typeof window === 'undefined') return [];
    const m = /^\/endpoints\/([^/]+)/.exec(parseHash(window.location.hash).path);
    if (!m) return [];
    const path = `/endpoints/${m[1]!}`;
    return [
      {
        id: 'endpoints:configure',
        group: 'Endpoints',
        title: 'Endpoint: configure',
        icon: <Tune fontSize="small" />,
        run: () => {
          navigate(path);
          useIntents.getState().request('endpoints:configure');
        },
      },
    ];
  },
};
