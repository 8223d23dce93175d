// The overview as the shell sees it: the console's first screen (issue 21), an area of its own,
// first in the registry so that the console opens on it.
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import type { Feature } from '../feature';
// The stores (small) are in the shell's bundle so the first reads leave as soon as the bridge is
// up, alongside the page's code; the cards stay lazy.
import { useEndpointsCard, useFleetCard, useJobsCard, useSpend } from './overview-store';
import { SPEND_REFRESH_MS } from './overview-format';

export const feature: Feature = {
  id: 'overview',
  area: 'overview',
  path: '/overview',
  label: 'Overview',
  description: 'Spend against the alerts, running clusters, jobs, endpoints and recent events',
  icon: <DashboardOutlined fontSize="small" />,
  page: () => import('./OverviewPage'),
  prefetch: () =>
    Promise.all([
      useFleetCard.getState().ensureLoaded(),
      useJobsCard.getState().ensureLoaded(),
      useEndpointsCard.getState().ensureLoaded(),
      useSpend.getState().ensureLoaded(SPEND_REFRESH_MS),
    ]),
};
