// The endpoints feature as the shell sees it.
import CloudQueue from '@mui/icons-material/CloudQueue';
import Insights from '@mui/icons-material/Insights';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Tune from '@mui/icons-material/Tune';
import { navigate, parseHash } from '../../platform/navigation/hash-router';
import { useIntents } from '../../platform/navigation/intents';
import type { Feature, FeatureCommand } from '../feature';

export const feature: Feature = {
  id: 'endpoints',
  area: 'endpoints',
  path: '/endpoints',
  label: 'Endpoints',
  description: 'Serverless endpoints: health report (one or all), readiness and liveness, log analytics, configuration and its rollout',
  icon: <CloudQueue fontSize="small" />,
  page: () => import('./EndpointsPage'),
  prefetch: () => import('./endpoints-store').then((m) => m.useEndpoints.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchEndpoints()),
  // Read when the palette opens: the configure and analytics commands are for the endpoint that is open.
  get commands(): FeatureCommand[] {
    const checkAll: FeatureCommand = {
      id: 'endpoints:check-health',
      group: 'Endpoints',
      title: 'Endpoints: check health of all',
      icon: <MonitorHeartOutlined fontSize="small" />,
      shortcut: 'H',
      run: () => {
        navigate('/endpoints');
        useIntents.getState().request('endpoints:check-health');
      },
    };
    if (typeof window === 'undefined') return [checkAll];
    const m = /^\/endpoints\/([^/]+)/.exec(parseHash(window.location.hash).path);
    if (!m) return [checkAll];
    const path = `/endpoints/${m[1]!}`;
    return [
      checkAll,
      {
        id: 'endpoints:analytics',
        group: 'Endpoints',
        title: 'Endpoint: open log analytics',
        icon: <Insights fontSize="small" />,
        shortcut: 'A',
        run: () => navigate(`${path}/analytics`),
      },
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
